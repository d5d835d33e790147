package gemini

import (
	"github.com/kin-companion/kin/agent/llm"

	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/realtime"
)

// serverMessage holds the server messages kin reads; exactly one field is set.
type serverMessage struct {
	SetupComplete *struct {
		SessionID string `json:"sessionId"`
	} `json:"setupComplete"`
	ServerContent *struct {
		ModelTurn *struct {
			Parts []struct {
				Text       string `json:"text"`
				InlineData *struct {
					MimeType string `json:"mimeType"`
					Data     string `json:"data"`
				} `json:"inlineData"`
			} `json:"parts"`
		} `json:"modelTurn"`
		InputTranscription  *struct{ Text string } `json:"inputTranscription"`
		OutputTranscription *struct{ Text string } `json:"outputTranscription"`
		GenerationComplete  bool                   `json:"generationComplete"`
		TurnComplete        bool                   `json:"turnComplete"`
		Interrupted         bool                   `json:"interrupted"`
	} `json:"serverContent"`
	ToolCall *struct {
		FunctionCalls []struct {
			ID   string          `json:"id"`
			Name string          `json:"name"`
			Args json.RawMessage `json:"args"`
		} `json:"functionCalls"`
	} `json:"toolCall"`
	ToolCallCancellation *struct {
		IDs []string `json:"ids"`
	} `json:"toolCallCancellation"`
	GoAway *struct {
		TimeLeft string `json:"timeLeft"`
	} `json:"goAway"`
	SessionResumptionUpdate *struct {
		NewHandle string `json:"newHandle"`
		Resumable bool   `json:"resumable"`
	} `json:"sessionResumptionUpdate"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Status  string `json:"status"`
	} `json:"error"`
}

func (c *Conn) emit(e realtime.Event) { c.pending = append(c.pending, e) }

func (c *Conn) item() string { return "turn-" + strconv.Itoa(c.turn) }

// decode turns one server message into events on c.pending.
func (c *Conn) decode(data []byte) error {
	var m serverMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("gemini: bad server message: %w: %w", llm.ErrMalformed, err)
	}
	switch {
	case m.SetupComplete != nil:
		c.emit(realtime.Ready{SessionID: m.SetupComplete.SessionID})
	case m.ServerContent != nil:
		return c.content(m)
	case m.ToolCall != nil:
		c.startTurn()
		var calls []realtime.ToolCall
		for _, f := range m.ToolCall.FunctionCalls {
			args := f.Args
			if len(args) == 0 {
				args = json.RawMessage("{}")
			}
			calls = append(calls, realtime.ToolCall{ID: f.ID, Name: f.Name, Args: args})
		}
		c.emit(realtime.ToolCalls{Calls: calls})
	case m.ToolCallCancellation != nil:
		c.emit(realtime.ToolCancel{IDs: m.ToolCallCancellation.IDs})
	case m.GoAway != nil:
		d, _ := time.ParseDuration(m.GoAway.TimeLeft)
		c.emit(realtime.GoAway{TimeLeft: d})
	case m.SessionResumptionUpdate != nil:
		if u := m.SessionResumptionUpdate; u.Resumable && u.NewHandle != "" {
			c.emit(realtime.Resumable{Handle: u.NewHandle})
		}
	case m.Error != nil:
		c.emit(realtime.ServerError{Code: m.Error.Status, Message: m.Error.Message})
	}
	return nil
}

// startTurn marks the first model content of a turn; the user's words are final
// by then.
func (c *Conn) startTurn() {
	if c.inTurn {
		return
	}
	c.inTurn = true
	c.flushUser()
}

func (c *Conn) flushUser() {
	if t := strings.TrimSpace(c.userText.String()); t != "" {
		c.emit(realtime.Transcript{Role: realtime.User, ItemID: "user-" + strconv.Itoa(c.turn), Text: t, Final: true})
	}
	c.userText.Reset()
}

func (c *Conn) content(m serverMessage) error {
	sc := m.ServerContent
	if t := sc.InputTranscription; t != nil {
		c.userText.WriteString(t.Text)
	}
	if sc.ModelTurn != nil {
		c.startTurn()
		for _, p := range sc.ModelTurn.Parts {
			if p.InlineData == nil || !strings.HasPrefix(p.InlineData.MimeType, "audio/pcm") {
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(p.InlineData.Data)
			if err != nil {
				return fmt.Errorf("gemini: audio: %w: %w", llm.ErrMalformed, err)
			}
			pcm := audio.FromBytes(raw)
			if rate := mimeRate(p.InlineData.MimeType); rate != audio.PlaybackRate {
				if r, err := audio.Resample(audio.Clip{Rate: rate, Samples: pcm}, audio.PlaybackRate); err == nil {
					pcm = r.Samples
				}
			}
			c.emit(realtime.AudioDelta{ItemID: c.item(), PCM: pcm})
		}
	}
	if t := sc.OutputTranscription; t != nil {
		c.startTurn()
		c.modelText.WriteString(t.Text)
		c.emit(realtime.Transcript{Role: realtime.Assistant, ItemID: c.item(), Text: t.Text})
	}
	if sc.Interrupted {
		c.interrupts = true
		c.emit(realtime.Interrupted{})
	}
	if sc.TurnComplete {
		c.flushUser()
		if t := strings.TrimSpace(c.modelText.String()); t != "" {
			c.emit(realtime.Transcript{Role: realtime.Assistant, ItemID: c.item(), Text: t, Final: true})
		}
		status := "completed"
		if c.interrupts {
			status = "cancelled"
		}
		c.emit(realtime.ResponseDone{Status: status})
		c.modelText.Reset()
		c.inTurn, c.interrupts = false, false
		c.turn++
	}
	return nil
}

// mimeRate reads the rate of "audio/pcm;rate=24000"; 24 kHz when absent.
func mimeRate(mime string) int {
	if _, r, ok := strings.Cut(mime, "rate="); ok {
		if n, err := strconv.Atoi(r); err == nil && n > 0 {
			return n
		}
	}
	return audio.PlaybackRate
}

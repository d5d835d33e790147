package cascade

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"

	"github.com/kin-companion/kin/agent/voice/audio"
	"github.com/kin-companion/kin/agent/voice/espeak"
)

// OpenAISTT transcribes through an OpenAI-compatible /audio/transcriptions endpoint
// (OpenAI, or a local whisper server).
type OpenAISTT struct {
	BaseURL string // e.g. https://api.openai.com/v1 (OPENAI_BASE_URL)
	APIKey  string
	Model   string // default "gpt-4o-mini-transcribe"
	Client  *http.Client
}

// Transcribe implements Transcriber: the utterance goes up as a WAV file.
func (s *OpenAISTT) Transcribe(ctx context.Context, pcm []int16, rate int) (string, error) {
	model := s.Model
	if model == "" {
		model = "gpt-4o-mini-transcribe"
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("model", model)
	mw.WriteField("response_format", "json")
	fw, _ := mw.CreateFormFile("file", "speech.wav")
	if err := audio.WriteWAV(fw, audio.Clip{Rate: rate, Samples: pcm}); err != nil {
		return "", err
	}
	mw.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(s.BaseURL, "/")+"/audio/transcriptions", &body)
	if err != nil {
		return "", fmt.Errorf("stt: %w", err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+s.APIKey)
	resp, err := client(s.Client).Do(req)
	if err != nil {
		return "", fmt.Errorf("stt: %w", err)
	}
	defer resp.Body.Close()
	if err := httpError("stt", resp); err != nil {
		return "", err
	}
	var out struct {
		Text string `json:"text"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("stt: decode: %w", err)
	}
	return out.Text, nil
}

func client(c *http.Client) *http.Client {
	if c != nil {
		return c
	}
	return http.DefaultClient
}

// ErrHTTP is wrapped by errors for non-2xx replies.
var ErrHTTP = errors.New("HTTP error")

func httpError(what string, resp *http.Response) error {
	if resp.StatusCode/100 == 2 {
		return nil
	}
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	return fmt.Errorf("%s: %w %s: %s", what, ErrHTTP, resp.Status, bytes.TrimSpace(msg))
}

// EspeakTTS is the offline voice (espeak-ng); see package espeak for the install
// hint it returns when missing.
type EspeakTTS struct{ Options espeak.Options }

// Synthesize implements Synthesizer.
func (e EspeakTTS) Synthesize(ctx context.Context, text string, out func([]int16) error) error {
	opt := e.Options
	opt.Rate = audio.PlaybackRate
	c, err := espeak.Synthesize(ctx, text, opt)
	if err != nil {
		return err
	}
	return out(c.Samples)
}

// OpenAITTS speaks through an OpenAI-compatible /audio/speech endpoint, streaming
// raw 24 kHz PCM.
type OpenAITTS struct {
	BaseURL string
	APIKey  string
	Model   string // default "gpt-4o-mini-tts"
	Voice   string // default "marin"
	Client  *http.Client
}

// Synthesize implements Synthesizer.
func (o *OpenAITTS) Synthesize(ctx context.Context, text string, out func([]int16) error) error {
	model, voice := o.Model, o.Voice
	if model == "" {
		model = "gpt-4o-mini-tts"
	}
	if voice == "" {
		voice = "marin"
	}
	body, _ := json.Marshal(map[string]any{"model": model, "input": text, "voice": voice, "response_format": "pcm"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(o.BaseURL, "/")+"/audio/speech", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("tts: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+o.APIKey)
	return streamPCM(client(o.Client), req, "openai tts", out)
}

// ElevenLabsTTS speaks through ElevenLabs' streaming endpoint as 24 kHz PCM.
type ElevenLabsTTS struct {
	BaseURL string // default https://api.elevenlabs.io
	APIKey  string
	VoiceID string
	Model   string // default "eleven_flash_v2_5"
	Client  *http.Client
}

// Synthesize implements Synthesizer.
func (e *ElevenLabsTTS) Synthesize(ctx context.Context, text string, out func([]int16) error) error {
	base, model := e.BaseURL, e.Model
	if base == "" {
		base = "https://api.elevenlabs.io"
	}
	if model == "" {
		model = "eleven_flash_v2_5"
	}
	body, _ := json.Marshal(map[string]any{"text": text, "model_id": model})
	u := strings.TrimRight(base, "/") + "/v1/text-to-speech/" + url.PathEscape(e.VoiceID) + "/stream?output_format=pcm_24000"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("tts: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("xi-api-key", e.APIKey)
	return streamPCM(client(e.Client), req, "elevenlabs tts", out)
}

// streamPCM hands the body's little-endian samples to out as they arrive.
func streamPCM(c *http.Client, req *http.Request, what string, out func([]int16) error) error {
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	defer resp.Body.Close()
	if err := httpError(what, resp); err != nil {
		return err
	}
	buf := make([]byte, 4800) // 100 ms
	var odd []byte
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			data := append(odd, buf[:n]...)
			even := len(data) &^ 1
			odd = append([]byte(nil), data[even:]...)
			if even > 0 {
				if oerr := out(audio.FromBytes(data[:even])); oerr != nil {
					return oerr
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
}

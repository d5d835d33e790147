// Package realtime runs a spoken conversation with a speech-to-speech model over a
// WebSocket: [Session] streams the microphone up, plays the replies through a
// [Playback] queue, handles barge-in (stop playback, cancel tools, truncate the reply
// to what was heard), runs tool calls through a [ToolRunner] (concurrently, abortable,
// at most [MaxToolRounds] rounds, a spoken filler after 3 s), records transcripts and
// reconnects with backoff, re-injecting the conversation by [Scenario].
//
// The wire protocols live in the subpackages openai (OpenAI Realtime, GA) and gemini
// (Gemini Live); each provides a [Dialer] and, in its *test package, a fake server
// that follows the protocol's event sequences. This package defines the
// provider-neutral [Conn] and [Event]s they translate to.
package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Role says who spoke a [Turn] or [Transcript].
type Role string

// The speakers.
const (
	User      Role = "user"
	Assistant Role = "assistant"
)

// Turn is one line of the conversation, as re-injected after a reconnect.
type Turn struct {
	Role Role
	Text string
}

// ToolSpec describes a tool to the model; Schema is a JSON Schema object.
type ToolSpec struct {
	Name        string
	Description string
	Schema      json.RawMessage
}

// ToolRunner runs the tools a realtime model calls. It is kin's text runtime's
// tools and permissions seen from here: Tools lists what the model may call, Run
// executes one call (checking permissions) and returns the text the model sees.
// Run must return promptly when ctx is cancelled (barge-in). A failure the model
// should see is returned as text with a nil error.
type ToolRunner interface {
	Tools() []ToolSpec
	Run(ctx context.Context, name string, args json.RawMessage) (string, error)
}

// Scenario says why a connection is being (re)made; it decides what context is
// re-injected and which hint the model gets.
type Scenario int

// The scenarios of seed 002's memory injection.
const (
	NewSession      Scenario = iota // first connection: persona and memory only
	SilentReconnect                 // the connection dropped: carry on as if nothing happened
	VoiceSwitch                     // the user changed the voice: same conversation, new voice
	ToolRetry                       // the server closed on a tool call (Gemini 1008): retry it
)

func (s Scenario) String() string {
	return [...]string{"new session", "silent reconnect", "voice switch", "tool retry"}[s]
}

// Hint is the instruction added for scenario s, or "".
func (s Scenario) Hint() string {
	switch s {
	case SilentReconnect:
		return "The connection dropped for a moment and was restored. Continue the conversation naturally; do not mention it."
	case VoiceSwitch:
		return "Your voice has just been changed at the user's request. Continue the conversation naturally."
	case ToolRetry:
		return "Your last tool call was interrupted by a connection problem. If it is still needed, call it again."
	}
	return ""
}

// Config is what a connection is set up with.
type Config struct {
	Instructions string     // persona and memory context
	Voice        string     // provider voice name; "" for the default
	Tools        []ToolSpec // nil: no tools
	History      []Turn     // conversation so far, re-injected on reconnect
	Scenario     Scenario
	Resume       string // Gemini session-resumption handle; "" for a fresh session
}

// FullInstructions is Instructions with the scenario's hint appended.
func (c Config) FullInstructions() string {
	if h := c.Scenario.Hint(); h != "" {
		return c.Instructions + "\n\n" + h
	}
	return c.Instructions
}

// Dialer opens connections to one provider.
type Dialer interface {
	Dial(ctx context.Context, cfg Config) (Conn, error)
}

// Conn is one live connection, set up and ready. Send methods may be called from
// any goroutine; Recv from one.
type Conn interface {
	// InputRate is the sample rate SendAudio expects (OpenAI 24 kHz, Gemini 16 kHz).
	InputRate() int
	SendAudio(pcm []int16) error
	// EndAudio tells the server the microphone stream has ended (input used up).
	EndAudio() error
	SendText(text string) error
	SendToolResults(results []ToolResult) error
	// Interrupt stops the reply in progress, truncating item to what was heard.
	// Providers whose server cancels on its own (Gemini) ignore it.
	Interrupt(item string, heard time.Duration) error
	Recv(ctx context.Context) (Event, error)
	Close() error
}

// Filler is implemented by connections that can speak a short line out of band
// while a tool runs (OpenAI). Others get a Think event on the bus instead.
type Filler interface {
	SendFiller(text string) error
}

// ToolResult answers one [ToolCall].
type ToolResult struct {
	ID     string
	Name   string
	Output string
}

// CloseError is a connection closed by the server with a WebSocket close code.
type CloseError struct {
	Code   int
	Reason string
}

func (e *CloseError) Error() string {
	return fmt.Sprintf("realtime: connection closed: %d %s", e.Code, e.Reason)
}

// ClosePolicy is WebSocket close code 1008, which Gemini sends for a tool-call
// conflict or an unsupported model or config.
const ClosePolicy = 1008

// ErrGoAway is returned by a connection the server announced it will close.
var ErrGoAway = errors.New("realtime: server going away")

// Event is something a connection reports.
type Event interface{ event() }

// The events, provider-neutral.
type (
	// Ready: the session is set up (OpenAI session.updated, Gemini setupComplete).
	Ready struct{ SessionID string }
	// AudioDelta is reply audio, 24 kHz, part of reply item ItemID. Arrived and
	// Decoded, when set, are when its message was read off the socket and when
	// it was decoded ([StampAudio]), for [Stats].
	AudioDelta struct {
		ItemID           string
		PCM              []int16
		Arrived, Decoded time.Time
	}
	// Transcript is speech as text; Final marks a whole utterance.
	Transcript struct {
		Role   Role
		ItemID string
		Text   string
		Final  bool
	}
	// SpeechStarted: the server heard the user start speaking (barge-in cue).
	SpeechStarted struct{ ItemID string }
	// Interrupted: the server cancelled its reply because the user spoke.
	Interrupted struct{}
	// ToolCalls: the model wants these calls run, then their results.
	ToolCalls struct{ Calls []ToolCall }
	// ToolCancel: the server no longer wants these calls.
	ToolCancel struct{ IDs []string }
	// ResponseDone: the model's turn is over (Status completed, cancelled…).
	ResponseDone struct{ Status string }
	// GoAway: the server will close the connection in TimeLeft.
	GoAway struct{ TimeLeft time.Duration }
	// Resumable: a handle for resuming this session on a new connection.
	Resumable struct{ Handle string }
	// ServerError: the server reported an error; the session goes on.
	ServerError struct{ Code, Message string }
)

// ToolCall is one function call.
type ToolCall struct {
	ID   string
	Name string
	Args json.RawMessage
}

func (Ready) event()         {}
func (AudioDelta) event()    {}
func (Transcript) event()    {}
func (SpeechStarted) event() {}
func (Interrupted) event()   {}
func (ToolCalls) event()     {}
func (ToolCancel) event()    {}
func (ResponseDone) event()  {}
func (GoAway) event()        {}
func (Resumable) event()     {}
func (ServerError) event()   {}

// StampAudio sets Arrived and Decoded on the AudioDeltas in evs that have none:
// connections call it on the events one message decoded into.
func StampAudio(evs []Event, arrived, decoded time.Time) {
	for i, e := range evs {
		if d, ok := e.(AudioDelta); ok && d.Arrived.IsZero() {
			d.Arrived, d.Decoded = arrived, decoded
			evs[i] = d
		}
	}
}

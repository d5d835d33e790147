package board

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

// Emitter receives the board events; *protocol.Bus is one.
type Emitter interface {
	Emit(p protocol.Payload) protocol.Event
}

// Config configures [Tools].
type Config struct {
	Bus Emitter // where board events go; required
	// MaxBytes caps a board's Markdown (0 means DefaultMaxBytes); longer
	// text is cut at a line break with a note at the end.
	MaxBytes int
}

// DefaultMaxBytes is the Markdown a board holds when Config.MaxBytes is 0.
const DefaultMaxBytes = 32 << 10

// Board sizes in device-independent pixels.
const (
	DefaultWidth, DefaultHeight = 640, 520
	minSide, maxSide            = 200, 2000
)

//go:embed create_board.md
var createDescription string

//go:embed close_board.md
var closeDescription string

var createSchema = json.RawMessage(`{"type":"object","properties":{
 "markdown":{"type":"string","description":"The board's content in Markdown"},
 "title":{"type":"string","description":"A short title shown above the board"},
 "id":{"type":"string","description":"Names the board; a board with the same id replaces it (default \"board\")"},
 "width":{"type":"integer","minimum":200,"maximum":2000,"description":"Width in pixels (default 640)"},
 "height":{"type":"integer","minimum":200,"maximum":2000,"description":"Height in pixels (default 520)"}},
 "required":["markdown"]}`)

var closeSchema = json.RawMessage(`{"type":"object","properties":{
 "id":{"type":"string","description":"The id given to create_board (default \"board\")"}}}`)

// Tools returns create_board and close_board, which emit board events to
// cfg.Bus.
func Tools(cfg Config) []*tools.Tool {
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	meta := tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low}
	return []*tools.Tool{
		{Name: "create_board", Description: createDescription, Schema: createSchema, Meta: meta,
			Run: cfg.create, Assess: assessCreate},
		{Name: "close_board", Description: closeDescription, Schema: closeSchema, Meta: meta,
			Run: cfg.close, Assess: assessClose},
	}
}

// createArgs are create_board's arguments.
type createArgs struct {
	Markdown string `json:"markdown"`
	Title    string `json:"title"`
	ID       string `json:"id"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
}

func (c Config) create(ctx context.Context, args json.RawMessage) (string, error) {
	a, err := tools.Decode[createArgs]("create_board", args, createSchema)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(a.Markdown) == "" {
		return "", fmt.Errorf("create_board: the argument markdown is empty; write the board's content in it")
	}
	for _, side := range []struct {
		name string
		v    *int
		def  int
	}{{"width", &a.Width, DefaultWidth}, {"height", &a.Height, DefaultHeight}} {
		if *side.v == 0 {
			*side.v = side.def
		}
		if *side.v < minSide || *side.v > maxSide {
			return "", fmt.Errorf("create_board: %s %d is out of range; give %d to %d pixels or leave it out", side.name, *side.v, minSide, maxSide)
		}
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("create_board: cancelled before the board was shown: %w", err)
	}
	md, cut := capText(a.Markdown, c.MaxBytes)
	c.Bus.Emit(protocol.BoardPayload{ID: boardID(a.ID), Title: a.Title, Markdown: md, Width: a.Width, Height: a.Height})
	out := fmt.Sprintf("The board %q is on the screen (%d×%d).", boardID(a.ID), a.Width, a.Height)
	if cut {
		out += fmt.Sprintf(" Its Markdown was longer than %d bytes and was cut at a line break; split it into several boards.", c.MaxBytes)
	}
	return out, nil
}

func (c Config) close(ctx context.Context, args json.RawMessage) (string, error) {
	a, err := tools.Decode[struct {
		ID string `json:"id"`
	}]("close_board", args, closeSchema)
	if err != nil {
		return "", err
	}
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("close_board: cancelled: %w", err)
	}
	c.Bus.Emit(protocol.BoardPayload{ID: boardID(a.ID), Close: true})
	return fmt.Sprintf("The board %q is closed.", boardID(a.ID)), nil
}

// boardID is the id a board goes by: the given one or "board".
func boardID(id string) string {
	if id = strings.TrimSpace(id); id != "" {
		return id
	}
	return "board"
}

// capText cuts s to at most n bytes, at the last line break if there is
// one, never inside a rune, and adds a note that it was cut.
func capText(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	cut := s[:n]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	if i := strings.LastIndexByte(cut, '\n'); i > 0 {
		cut = cut[:i]
	}
	return cut + "\n\n*(the rest was cut: the board was too long)*", true
}

func assessCreate(args json.RawMessage) tools.Assessment {
	var a createArgs
	_ = json.Unmarshal(args, &a)
	what := strings.TrimSpace(a.Title)
	if what == "" {
		what = boardID(a.ID)
	}
	return tools.Assessment{Risk: tools.Low, Summary: "show a board: " + what}
}

func assessClose(args json.RawMessage) tools.Assessment {
	var a struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(args, &a)
	return tools.Assessment{Risk: tools.Low, Summary: "close the board " + boardID(a.ID)}
}

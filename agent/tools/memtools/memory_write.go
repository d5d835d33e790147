package memtools

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kin-companion/kin/agent/memory"
	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed memory_write.md
var memoryWriteDescription string

var memoryWriteSchema = json.RawMessage(`{"type":"object","properties":{
 "key":{"type":"string","description":"Short snake_case identifier, e.g. \"user_role\"; writing an existing key replaces that memory"},
 "type":{"type":"string","enum":["user","feedback","project","reference"],"description":"user: who the user is; feedback: how to behave; project: ongoing work; reference: where something is"},
 "body":{"type":"string","description":"The memory itself"},
 "name":{"type":"string","description":"Human-readable name (default: from the key)"},
 "description":{"type":"string","description":"One line saying what it is (default: the start of the body)"}},
 "required":["key","type","body"]}`)

// writeArgs are memory_write's arguments.
type writeArgs struct {
	Key, Type, Body, Name, Description string
}

var snake = regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)*$`)

// maxBody caps a memory's content, in bytes.
const maxBody = 4000

func memoryWrite(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "memory_write", Description: memoryWriteDescription, Schema: memoryWriteSchema,
		Meta: tools.Meta{Risk: tools.Medium, AnimationHint: "nod"},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[writeArgs]("memory_write", args, memoryWriteSchema)
			return tools.Assessment{Summary: fmt.Sprintf("remember %q: %s", a.Key, clip(a.Body, 80))}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[writeArgs]("memory_write", args, memoryWriteSchema)
			if err != nil {
				return "", err
			}
			if err := a.check(); err != nil {
				return "", err
			}
			all, err := ranked(ctx, cfg, "memory_write", memory.Query{})
			if err != nil {
				return "", err
			}
			if err := cfg.Store.Upsert(ctx, a.Key, a.Name, a.Description, a.Type, a.Body); err != nil {
				return "", fmt.Errorf("memory_write: the memory was not saved: %w", err)
			}
			if cfg.Bus != nil {
				cfg.Bus.Emit(protocol.RememberPayload{Type: a.Type, Content: a.Body, Key: a.Key, Name: a.Name, Description: a.Description})
			}
			if slices.ContainsFunc(all, func(e memory.Entry) bool { return e.Key == a.Key }) {
				return fmt.Sprintf("updated the memory %s (%s): it replaces what was stored under that key", a.Key, a.Type), nil
			}
			return fmt.Sprintf("remembered %s (%s)", a.Key, a.Type), nil
		}}
}

// check validates the arguments and fills in name and description.
func (a *writeArgs) check() error {
	a.Key, a.Type, a.Body = strings.TrimSpace(a.Key), strings.TrimSpace(a.Type), strings.TrimSpace(a.Body)
	switch {
	case a.Key == "":
		return fmt.Errorf("memory_write: the argument \"key\" is missing; give a short snake_case name such as \"favourite_tea\"")
	case !snake.MatchString(a.Key) || len(a.Key) > 100:
		return fmt.Errorf("memory_write: key %q must be snake_case (lower-case letters, digits and _), at most 100 characters, e.g. \"favourite_tea\"", clip(a.Key, 100))
	case a.Type == "":
		return fmt.Errorf("memory_write: the argument \"type\" is missing; it is one of %s", strings.Join(memory.Types, ", "))
	case a.Body == "":
		return fmt.Errorf("memory_write: the argument \"body\" is missing or empty; give the memory itself")
	case len(a.Body) > maxBody:
		return fmt.Errorf("memory_write: the body has %d bytes, more than the %d a memory holds; keep the gist", len(a.Body), maxBody)
	}
	if err := checkType("memory_write", a.Type); err != nil {
		return err
	}
	if strings.TrimSpace(a.Name) == "" {
		a.Name = strings.ReplaceAll(a.Key, "_", " ")
	}
	if strings.TrimSpace(a.Description) == "" {
		a.Description = clip(a.Body, 100)
	}
	return nil
}

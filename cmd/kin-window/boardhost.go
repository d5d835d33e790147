package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kin-companion/kin/engine"
	"github.com/kin-companion/kin/internal/companion"
)

// callerBoard is how the diary names calls the user made on the
// whiteboard (a link clicked, text copied).
const callerBoard = "board"

// boardHost connects the whiteboard to the companion: a clicked link runs
// the open tool and Copy runs clipboard_write, both through the
// permission gate and the diary like the model's own calls (so a link to
// a program asks first, and the open tool's checks apply: http(s) and
// mailto URLs, files only inside the roots); pictures are read only from
// the file roots, by the file tools' own check.
func boardHost(ctx context.Context, c *companion.Companion) engine.BoardHost {
	run := func(tool, arg, value string) error {
		args, err := json.Marshal(map[string]string{arg: value})
		if err != nil {
			return fmt.Errorf("%s: %w", tool, err)
		}
		_, err = c.Runtime.Call(ctx, callerBoard, tool, args)
		return err
	}
	h := engine.BoardHost{
		Open: func(target string) error { return run("open", "target", target) },
		Copy: func(text string) error { return run("clipboard_write", "text", text) },
	}
	if c.Roots != nil {
		h.Resolve = c.Roots.Resolve
	}
	return h
}

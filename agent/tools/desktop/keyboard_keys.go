package desktop

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jezek/xgb/xproto"
	"github.com/kin-companion/kin/agent/tools"
)

//go:embed keyboard_keys.md
var keyboardKeysDescription string

var keyboardKeysSchema = json.RawMessage(`{"type":"object","properties":{
 "keys":{"type":"string","description":"Key combination(s) such as \"ctrl+s\", \"alt+tab\", \"Return\"; several separated by spaces"}},"required":["keys"]}`)

func (d *Desktop) keyboardKeysTool() *tools.Tool {
	return &tools.Tool{Name: "keyboard_keys", Description: keyboardKeysDescription, Schema: keyboardKeysSchema,
		Meta: tools.Meta{Risk: tools.High},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[struct{ Keys string }]("keyboard_keys", args, keyboardKeysSchema)
			if err != nil {
				return "", err
			}
			combos, err := parseCombos(a.Keys)
			if err != nil {
				return "", fmt.Errorf("keyboard_keys: %w", err)
			}
			return d.pressCombos(ctx, combos, strings.Join(strings.Fields(a.Keys), " "))
		},
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[struct{ Keys string }]("keyboard_keys", args, keyboardKeysSchema)
			return tools.Assessment{Summary: fmt.Sprintf("press %s in the focused window",
				strings.Join(strings.Fields(a.Keys), " then "))}
		}}
}

// parseCombos reads "ctrl+a ctrl+c" into key combinations. A literal plus
// is "plus", or "+" at the end of a combination ("ctrl++").
func parseCombos(s string) ([][]xproto.Keysym, error) {
	words := strings.Fields(s)
	if len(words) == 0 {
		return nil, fmt.Errorf("the keys argument is missing or empty; give keys like \"ctrl+s\" or \"Return\"")
	}
	if len(words) > 32 {
		return nil, fmt.Errorf("%d key combinations in one call is too many; press at most 32", len(words))
	}
	var out [][]xproto.Keysym
	for _, w := range words {
		names := strings.Split(w, "+")
		if strings.HasSuffix(w, "++") || w == "+" {
			names = append(strings.Split(strings.TrimSuffix(w, "++"), "+"), "plus")
		}
		var combo []xproto.Keysym
		for _, n := range names {
			if n == "" {
				return nil, fmt.Errorf("%q has an empty key name; join keys with a single \"+\"", w)
			}
			ks, err := keyByName(n)
			if err != nil {
				return nil, err
			}
			combo = append(combo, ks)
		}
		out = append(out, combo)
	}
	return out, nil
}

func (d *Desktop) pressCombos(ctx context.Context, combos [][]xproto.Keysym, said string) (string, error) {
	x, err := d.conn(ctx)
	if err == nil {
		err = x.testErr
	}
	if err != nil {
		return "", fmt.Errorf("keyboard_keys: %w", err)
	}
	s := d.sparesFor()
	s.mu.Lock()
	defer s.mu.Unlock()
	km, err := x.loadKeymap()
	if err != nil {
		return "", fmt.Errorf("keyboard_keys: %w", err)
	}
	shift := km.where[ksShiftL].code
	for _, combo := range combos {
		if err := ctx.Err(); err != nil {
			return "", fmt.Errorf("keyboard_keys: stopped: %w", err)
		}
		keys := make([]keyPos, len(combo))
		for i, ks := range combo {
			if keys[i], err = s.find(x, km, ks); err != nil {
				return "", fmt.Errorf("keyboard_keys: %w", err)
			}
		}
		x.tap(keys, shift)
	}
	if _, err := Within(ctx, func() (struct{}, error) { return struct{}{}, x.sync() }); err != nil {
		return "", fmt.Errorf("keyboard_keys: %w", err)
	}
	return fmt.Sprintf("Pressed %s.", said), nil
}

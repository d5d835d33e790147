package todo

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed storage_get.md
var storageGetDescription string

//go:embed storage_set.md
var storageSetDescription string

var (
	storageGetSchema = json.RawMessage(`{"type":"object","properties":{
 "key":{"type":"string","description":"The key the value was stored under"}},"required":["key"]}`)
	storageSetSchema = json.RawMessage(`{"type":"object","properties":{
 "key":{"type":"string","description":"A short name for the value, e.g. \"trip_plan\""},
 "value":{"type":"string","description":"The text to keep (replaces the old value); an empty string removes the key"}},"required":["key","value"]}`)
)

// kvArgs are the arguments of storage_get and storage_set.
type kvArgs struct {
	Key   *string `json:"key"`
	Value *string `json:"value"`
}

func storageGet(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "storage_get", Description: storageGetDescription, Schema: storageGetSchema,
		Meta: reading,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[kvArgs]("storage_get", args, storageGetSchema)
			return tools.Assessment{Summary: "read " + keyWords(a.Key) + " from kin's scratchpad"}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[kvArgs]("storage_get", args, storageGetSchema)
			if err != nil {
				return "", err
			}
			if err := checkKey(cfg, "storage_get", a.Key); err != nil {
				return "", err
			}
			v, ok, err := cfg.Scratch.Get(ctx, *a.Key)
			if err != nil {
				return "", fmt.Errorf("storage_get: the scratchpad could not be read: %w", err)
			}
			if !ok {
				return "", fmt.Errorf("storage_get: nothing is stored under %q; %s", *a.Key, keyList(ctx, cfg.Scratch))
			}
			return v, nil
		}}
}

func storageSet(cfg Config) *tools.Tool {
	return &tools.Tool{Name: "storage_set", Description: storageSetDescription, Schema: storageSetSchema,
		Meta: changing,
		Assess: func(args json.RawMessage) tools.Assessment {
			a, _ := tools.Decode[kvArgs]("storage_set", args, storageSetSchema)
			if a.Value != nil && *a.Value == "" {
				return tools.Assessment{Summary: "remove " + keyWords(a.Key) + " from kin's scratchpad"}
			}
			return tools.Assessment{Summary: "keep a note under " + keyWords(a.Key) + " in kin's scratchpad"}
		},
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := tools.Decode[kvArgs]("storage_set", args, storageSetSchema)
			if err != nil {
				return "", err
			}
			if err := checkKey(cfg, "storage_set", a.Key); err != nil {
				return "", err
			}
			switch {
			case a.Value == nil:
				return "", fmt.Errorf("storage_set: the argument \"value\" is missing; give the text to keep (an empty string removes the key)")
			case len(*a.Value) > cfg.MaxValue:
				return "", fmt.Errorf("storage_set: the value has %d bytes, more than the %d a scratchpad entry holds; keep a summary, or split it over several keys", len(*a.Value), cfg.MaxValue)
			}
			if err := cfg.Scratch.Set(ctx, *a.Key, *a.Value); err != nil {
				return "", fmt.Errorf("storage_set: nothing was stored: %w", err)
			}
			if *a.Value == "" {
				return fmt.Sprintf("removed %q from the scratchpad", *a.Key), nil
			}
			return fmt.Sprintf("stored %d bytes under %q", len(*a.Value), *a.Key), nil
		}}
}

// checkKey insists on a key of printable text within the cap.
func checkKey(cfg Config, tool string, key *string) error {
	switch {
	case key == nil:
		return fmt.Errorf("%s: the argument \"key\" is missing; name the value, e.g. {\"key\": \"trip_plan\"}", tool)
	case strings.TrimSpace(*key) == "":
		return fmt.Errorf("%s: the argument \"key\" is empty; name the value, e.g. \"trip_plan\"", tool)
	case len(*key) > cfg.MaxKey:
		return fmt.Errorf("%s: the key has %d bytes, more than the %d allowed; use a short name", tool, len(*key), cfg.MaxKey)
	case !utf8.ValidString(*key) || strings.ContainsFunc(*key, unicode.IsControl):
		return fmt.Errorf("%s: the key %q has a control character (a tab or line break); use a short name on one line", tool, *key)
	}
	return nil
}

// keyList says which keys are in use, for a failed lookup.
func keyList(ctx context.Context, s Scratchpad) string {
	keys, err := s.Keys(ctx)
	switch {
	case err != nil:
		return "the stored keys could not be listed"
	case len(keys) == 0:
		return "the scratchpad is empty"
	case len(keys) > 50:
		return fmt.Sprintf("stored keys (%d, the first 50): %s", len(keys), strings.Join(keys[:50], ", "))
	}
	return "stored keys: " + strings.Join(keys, ", ")
}

func keyWords(key *string) string {
	if key == nil {
		return "a value"
	}
	return fmt.Sprintf("%q", clip(*key, 60))
}

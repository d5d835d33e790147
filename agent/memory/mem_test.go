package memory

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestMem: the fake lists matches newest first and puts lead keys first in its block.
func TestMem(t *testing.T) {
	now := time.Unix(1e9, 0)
	m := &Mem{Now: func() time.Time { return now }}
	ctx := context.Background()
	for _, k := range []string{"tea", "cat", "rain"} {
		now = now.Add(time.Hour)
		if err := m.Upsert(ctx, k, strings.ToUpper(k), "d", "user", "about "+k); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Upsert(ctx, "", "n", "d", "user", "b"); err == nil {
		t.Error("an empty key was stored")
	}
	for _, tc := range []struct {
		q    Query
		want string
	}{
		{Query{}, "rain cat tea"},
		{Query{Text: "ABOUT c"}, "cat"},
		{Query{Type: "feedback"}, ""},
	} {
		got, _ := m.Ranked(ctx, tc.q)
		var keys []string
		for _, e := range got {
			keys = append(keys, e.Key)
		}
		if strings.Join(keys, " ") != tc.want {
			t.Errorf("Ranked(%+v) = %v, want %s", tc.q, keys, tc.want)
		}
	}
	b, _ := m.Block(ctx, []string{"tea"}, 0)
	if !strings.HasPrefix(b, "<memory>\n- [user] tea — TEA: about tea\n- [user] rain") || !strings.HasSuffix(b, "</memory>") {
		t.Errorf("block:\n%s", b)
	}
	if b, _ := (&Mem{}).Block(ctx, nil, 0); b != "" {
		t.Errorf("empty block %q", b)
	}
}

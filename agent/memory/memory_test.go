package memory

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRankAndBlock(t *testing.T) {
	now := time.Unix(1e9, 0)
	m := &Mem{Now: func() time.Time { return now }}
	ctx := context.Background()
	m.Upsert(ctx, "old_ref", "Old", "d", "reference", "ancient")
	now = now.Add(30 * 24 * time.Hour)
	m.Upsert(ctx, "tone", "Tone", "d", "feedback", "be brief")
	m.Upsert(ctx, "name", "Name", "d", "user", "Ada")
	es, _ := m.List(ctx)
	r := Rank(es, now)
	if r[0].Key != "tone" || r[1].Key != "name" || r[2].Key != "old_ref" {
		t.Errorf("order %v %v %v", r[0].Key, r[1].Key, r[2].Key)
	}
	for i := range 200 {
		m.Upsert(ctx, fmt.Sprintf("k_%d", i), "N", "d", "project", strings.Repeat("word ", 20))
	}
	es, _ = m.List(ctx)
	b := Block(Rank(es, now), 300)
	if !strings.HasPrefix(b, "<memory>\n- [feedback] Tone") || !strings.HasSuffix(b, "</memory>") || len(b) > 1400 {
		t.Errorf("block (%d bytes):\n%s", len(b), b)
	}
}

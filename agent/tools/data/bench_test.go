package data_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kin-companion/kin/agent/tools/data"
)

// bigJSON is a document of n records, about 100 bytes each.
func bigJSON(n int) string {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"item %d","price":%d.5,"tags":["a","b"],"owner":{"name":"u%d"}}`, i, i, i%100, i%7)
	}
	b.WriteString(`]}`)
	return b.String()
}

func benchTool(b *testing.B, name string, args map[string]any) {
	tl := tool(b, data.Config{}, name)
	raw, _ := json.Marshal(args)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tl.Run(b.Context(), raw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseJSONValidate1MB(b *testing.B) {
	benchTool(b, "parse_json", map[string]any{"text": bigJSON(10000)})
}

func BenchmarkParseJSONFilter1MB(b *testing.B) {
	benchTool(b, "parse_json", map[string]any{"text": bigJSON(10000), "path": "$.items[?@.price < 2].name"})
}

func BenchmarkParseJSONDescendant1MB(b *testing.B) {
	benchTool(b, "parse_json", map[string]any{"text": bigJSON(10000), "path": "$..owner.name"})
}

func BenchmarkParseCSV10k(b *testing.B) {
	var s strings.Builder
	s.WriteString("id,name,price,note\n")
	for i := range 10000 {
		fmt.Fprintf(&s, "%d,item %d,%d.5,\"a, quoted \"\"note\"\"\"\n", i, i, i%100)
	}
	benchTool(b, "parse_csv", map[string]any{"text": s.String()})
}

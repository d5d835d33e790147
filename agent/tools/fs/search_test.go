package fs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSearch(t *testing.T) {
	s := newSandbox(t)
	s.file("docs/Invoice-2024.pdf", "%PDF\x00binary")
	s.file("docs/invoice-notes.txt", "paid on 3 May\nTOTAL: 42 EUR\nnext: June\n")
	s.file("docs/deep/plan.md", "# Plan\n- total rewrite (maybe)\n")
	s.file("big.txt", strings.Repeat("total\n", 300_000)) // over 1 MB
	s.link(s.outside, "out")
	cases := []struct {
		name    string
		args    obj
		wantErr string
		want    []string
		not     []string
	}{
		{"substring ignores case", obj{"path": "~", "pattern": "INVOICE"}, "",
			[]string{"~/docs/Invoice-2024.pdf\n", "~/docs/invoice-notes.txt\n"}, []string{"plan.md"}},
		{"glob", obj{"path": "~/docs", "pattern": "*.md"}, "", []string{"~/docs/deep/plan.md"}, []string{"invoice"}},
		{"folder names", obj{"path": "~", "pattern": "deep"}, "", []string{"~/docs/deep\n"}, nil},
		{"content regex", obj{"path": "~/docs", "pattern": `TOTAL: \d+`, "content": true}, "",
			[]string{"~/docs/invoice-notes.txt:2: TOTAL: 42 EUR"}, []string{"plan.md"}},
		{"content ignore case", obj{"path": "~/docs", "pattern": "total", "content": true, "ignore_case": true}, "",
			[]string{"invoice-notes.txt:2:", "plan.md:2: - total rewrite (maybe)", "[not searched inside: 1 binary files"}, nil},
		{"anchors match per line", obj{"path": "~/docs", "pattern": "^next", "content": true}, "",
			[]string{"invoice-notes.txt:3: next: June"}, nil},
		{"plain text fallback", obj{"path": "~/docs", "pattern": "rewrite (maybe", "content": true}, "",
			[]string{"searched as plain text", "plan.md:2:"}, nil},
		{"literal", obj{"path": "~/docs", "pattern": "(maybe)", "content": true, "literal": true}, "",
			[]string{"plan.md:2:"}, []string{"invoice"}},
		{"name filter", obj{"path": "~", "pattern": "total", "content": true, "ignore_case": true, "name": "*.md"}, "",
			[]string{"plan.md:2:"}, []string{"invoice-notes"}},
		{"big files skipped", obj{"path": "~", "pattern": "total", "content": true}, "",
			[]string{"1 files over 1.0 MB"}, []string{"big.txt:"}},
		{"one file", obj{"path": "~/docs/invoice-notes.txt", "pattern": "June", "content": true}, "",
			[]string{"invoice-notes.txt:3:"}, nil},
		{"cap", obj{"path": "~/docs", "pattern": "e", "content": true, "max_results": 2}, "",
			[]string{"[stopped at 2 results"}, nil},
		{"private and links skipped", obj{"path": "~", "pattern": "i"}, "", []string{"~/docs"}, []string{"id_ed25519", "secret", "diary"}},
		{"nothing", obj{"path": "~", "pattern": "zebra"}, "", []string{"nothing found under ~"}, nil},
		{"bad glob", obj{"path": "~", "pattern": "[x"}, "not a valid glob", nil, nil},
		{"no pattern", obj{"path": "~"}, `"pattern" is missing`, nil, nil},
		{"outside", obj{"path": "~/out", "pattern": "secret"}, "outside the folders", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_search", c.args)
			expect(t, res, err, c.wantErr, c.want...)
			for _, n := range c.not {
				if strings.Contains(res.Text, n) {
					t.Errorf("result has %q:\n%s", n, res.Text)
				}
			}
		})
	}
}

func TestSearchCancelled(t *testing.T) {
	s := newSandbox(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.tools["fs_search"].Call(ctx, raw(t, obj{"path": "~", "pattern": "x", "content": true}))
	if err == nil || !strings.Contains(err.Error(), "stopped") {
		t.Fatalf("a cancelled search answered %v", err)
	}
}

// makeTree writes n small text files in 100 folders under dir; one in a
// hundred holds the needle.
func makeTree(tb testing.TB, dir string, n int) {
	body := strings.Repeat("the quick brown fox jumps over the lazy dog\n", 20)
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%100))
		if i < 100 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				tb.Fatal(err)
			}
		}
		text := body
		if i%100 == 7 {
			text += "needle-42 is here\n"
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%05d.txt", i)), []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

func TestSearchManyFiles(t *testing.T) {
	home := realTemp(t)
	makeTree(t, home, 2000)
	tl := Tools(Config{Roots: DefaultRoots(home, "", "")})[4]
	res, err := tl.Call(context.Background(), raw(t, obj{"path": "~", "pattern": `needle-\d+`, "content": true}))
	if err != nil || strings.Count(res.Text, "needle-42") != 20 {
		t.Fatalf("want 20 hits, got %v:\n%s", err, res.Text)
	}
}

// BenchmarkSearchContents searches the contents of 10,000 small files.
func BenchmarkSearchContents(b *testing.B) {
	home := realTemp(b)
	makeTree(b, home, 10_000)
	tl := Tools(Config{Roots: DefaultRoots(home, "", "")})[4]
	args := raw(b, obj{"path": "~", "pattern": `needle-\d+`, "content": true})
	b.ResetTimer()
	for b.Loop() {
		res, err := tl.Call(context.Background(), args)
		if err != nil || strings.Count(res.Text, "needle-42") != 100 {
			b.Fatalf("want 100 hits: %v", err)
		}
	}
}

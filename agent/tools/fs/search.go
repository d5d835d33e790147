package fs

import (
	"cmp"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kin-companion/kin/agent/tools"
)

//go:embed search.md
var searchDescription string

var searchSchema = json.RawMessage(`{"type":"object","properties":{
 "path":{"type":"string","description":"Folder to search under (or one file to search in)"},
 "pattern":{"type":"string","description":"What to look for: with content false, part of a name or a glob such as \"*.pdf\"; with content true, a regular expression (or plain text) to find inside files"},
 "content":{"type":"boolean","description":"Search inside text files instead of names (default false)"},
 "name":{"type":"string","description":"With content true: only look inside files whose name matches this glob or part of a name"},
 "literal":{"type":"boolean","description":"Treat pattern as plain text, not a regular expression"},
 "ignore_case":{"type":"boolean","description":"Ignore upper/lower case in contents (names always ignore case unless a glob)"},
 "max_results":{"type":"integer","minimum":1,"maximum":1000,"description":"Most results to return (default 200)"}},"required":["path","pattern"]}`)

type searchArgs struct {
	Path       *string `json:"path"`
	Pattern    *string `json:"pattern"`
	Content    bool    `json:"content"`
	Name       string  `json:"name"`
	Literal    bool    `json:"literal"`
	IgnoreCase bool    `json:"ignore_case"`
	MaxResults int     `json:"max_results"`
}

// searchTool returns fs_search: names or contents under a folder.
func (k *kit) searchTool() *tools.Tool {
	return &tools.Tool{Name: "fs_search", Description: searchDescription, Schema: searchSchema,
		Meta:   tools.Meta{ReadOnly: true, ConcurrencySafe: true, Risk: tools.Low, TimeoutFloor: time.Minute},
		Assess: k.readAssess("search", searchSchema),
		Run: func(ctx context.Context, args json.RawMessage) (string, error) {
			a, err := decode("fs_search", args, searchSchema, func(a *searchArgs) *string { return a.Path })
			if err != nil {
				return "", err
			}
			if a.Pattern == nil || *a.Pattern == "" {
				return "", errors.New("fs_search: the argument \"pattern\" is missing; give part of a name, a glob like \"*.txt\", or (with content: true) text to find")
			}
			l, err := k.locate("fs_search", *a.Path)
			if err != nil {
				return "", err
			}
			s, err := k.newSearch(a)
			if err != nil {
				return "", err
			}
			return s.run(ctx, l.real)
		}}
}

// hit is one search result; line is 0 for a name match.
type hit struct {
	path string
	line int
	text string
}

// search is one fs_search call.
type search struct {
	k        *kit
	content  bool
	name     func(string) bool // nil: every name
	re       *regexp.Regexp    // matched per line
	filter   *regexp.Regexp    // re in multi-line mode: a whole file matches if any line can
	max      int
	note     string
	mu       sync.Mutex
	hits     []hit
	big, bin int // files skipped as too big or binary
	full     bool
}

func (k *kit) newSearch(a searchArgs) (*search, error) {
	s := &search{k: k, content: a.Content, max: limit(a.MaxResults, k.MaxResults, 1000)}
	nameGlob := a.Name
	if !a.Content {
		nameGlob = *a.Pattern
	}
	if nameGlob != "" {
		m, err := nameMatcher(nameGlob)
		if err != nil {
			return nil, err
		}
		s.name = m
	}
	if !a.Content {
		return s, nil
	}
	expr := *a.Pattern
	if a.Literal {
		expr = regexp.QuoteMeta(expr)
	}
	if a.IgnoreCase {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		s.note = fmt.Sprintf("(%q is not a valid regular expression, so it was searched as plain text)\n", *a.Pattern)
		re = regexp.MustCompile(strings.TrimSuffix(expr, *a.Pattern) + regexp.QuoteMeta(*a.Pattern))
	}
	s.re, s.filter = re, regexp.MustCompile("(?m)"+re.String())
	return s, nil
}

// nameMatcher matches base names: a glob when pattern has * ? or [,
// else a part of the name, ignoring case.
func nameMatcher(pattern string) (func(string) bool, error) {
	if strings.ContainsAny(pattern, "*?[") {
		if _, err := filepath.Match(pattern, ""); err != nil {
			return nil, fmt.Errorf("fs_search: %q is not a valid glob (%v); use * for any text and ? for one character", pattern, err)
		}
		return func(n string) bool { ok, _ := filepath.Match(pattern, n); return ok }, nil
	}
	low := strings.ToLower(pattern)
	return func(n string) bool { return strings.Contains(strings.ToLower(n), low) }, nil
}

// add records hits, reporting false once the cap is reached.
func (s *search) add(h ...hit) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hits = append(s.hits, h...)
	if len(s.hits) >= s.max {
		s.full = true
	}
	return !s.full
}

func (s *search) run(ctx context.Context, start string) (string, error) {
	fi, err := os.Stat(start)
	if err != nil {
		return "", s.k.fileError("fs_search", start, err)
	}
	if !fi.IsDir() {
		if s.content {
			s.add(s.grep(start)...)
		} else if s.name(fi.Name()) {
			s.add(hit{path: start})
		}
		return s.report(start), nil
	}
	if s.content {
		err = s.walkContents(ctx, start)
	} else {
		err = s.walkNames(ctx, start)
	}
	if err != nil && !errors.Is(err, errEnough) {
		if ctx.Err() != nil {
			return "", fmt.Errorf("fs_search: stopped before the end (%w); search a smaller folder or narrow the name", ctx.Err())
		}
		return "", s.k.fileError("fs_search", start, err)
	}
	return s.report(start), nil
}

func (s *search) walkNames(ctx context.Context, start string) error {
	return s.k.tree(ctx, start, 0, func(e treeEntry) error {
		if e.blocked == "" && s.name(e.d.Name()) && !s.add(hit{path: e.path}) {
			return errEnough
		}
		return nil
	})
}

// walkContents walks on this goroutine and greps on a pool of workers.
func (s *search) walkContents(ctx context.Context, start string) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	paths := make(chan string, 256)
	var wg sync.WaitGroup
	for range max(4, 2*runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for p := range paths {
				if ctx.Err() == nil && !s.add(s.grep(p)...) {
					stop()
				}
			}
		})
	}
	err := s.k.tree(ctx, start, 0, func(e treeEntry) error {
		if e.blocked != "" || !e.d.Type().IsRegular() || (s.name != nil && !s.name(e.d.Name())) {
			return nil
		}
		select {
		case paths <- e.path:
			return nil
		case <-ctx.Done():
			return errEnough
		}
	})
	close(paths)
	wg.Wait()
	return err
}

// report formats the hits, sorted by path and line, with what was skipped.
func (s *search) report(start string) string {
	slices.SortFunc(s.hits, func(a, b hit) int { return cmp.Or(strings.Compare(a.path, b.path), cmp.Compare(a.line, b.line)) })
	s.hits = s.hits[:min(len(s.hits), s.max)]
	var b strings.Builder
	b.WriteString(s.note)
	for _, h := range s.hits {
		b.WriteString(s.k.roots.Display(h.path))
		if h.line > 0 {
			fmt.Fprintf(&b, ":%d: %s", h.line, h.text)
		}
		b.WriteByte('\n')
	}
	switch {
	case len(s.hits) == 0:
		fmt.Fprintf(&b, "nothing found under %s\n", s.k.roots.Display(start))
	case s.full:
		fmt.Fprintf(&b, "[stopped at %d results; more may exist — narrow the path or the pattern]\n", s.max)
	}
	if s.big+s.bin > 0 {
		fmt.Fprintf(&b, "[not searched inside: %d binary files, %d files over %s]\n", s.bin, s.big, size(s.k.MaxSearchFile))
	}
	return b.String()
}

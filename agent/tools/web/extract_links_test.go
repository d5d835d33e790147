package web_test

import (
	"fmt"
	"strings"
	"testing"
)

func TestExtractLinks(t *testing.T) {
	doc := `<html><head><base href="https://docs.example/guide/"></head><body>
<a href="intro">Introduction</a>
<a href="/about">  About
   us </a>
<a href="intro#part-2">Intro, part two</a>
<a href="https://other.example/x?q=1">Other site</a>
<a href="javascript:void(0)">Click</a>
<a href="#top">Top</a>
<a href="mailto:team@docs.example">Write to us</a>
<a href="/pic"><img src="p.png" alt="A picture"></a>
<a href="/labelled" aria-label="Labelled link"></a>
<a href="/brackets">see [1]</a>
<a>no href</a>
</body></html>`
	srv, _ := server(t, page("text/html", []byte(doc)))
	out := mustRun(t, toolNamed(t, loopback, "extract_links"), map[string]string{"url": srv.URL + "/page"})
	want := []string{
		"- [Introduction](https://docs.example/guide/intro)",
		"- [About us](https://docs.example/about)",
		"- [Other site](https://other.example/x?q=1)",
		"- [Top](https://docs.example/guide/#top)",
		"- [Write to us](mailto:team@docs.example)",
		"- [A picture](https://docs.example/pic)",
		"- [Labelled link](https://docs.example/labelled)",
		"- [see (1)](https://docs.example/brackets)",
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
	for _, gone := range []string{"javascript", "part two", "no href"} {
		if strings.Contains(out, gone) {
			t.Errorf("%q listed in\n%s", gone, out)
		}
	}
	if strings.Index(out, "Introduction") > strings.Index(out, "About us") {
		t.Error("links out of page order")
	}
}

func TestExtractLinksLimitAndSelf(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><a href="">this page</a><a href="#x">this page too</a>`)
	for i := range 30 {
		fmt.Fprintf(&b, `<a href="/p%d">Page %d</a>`, i, i)
	}
	b.WriteString(`</body></html>`)
	srv, _ := server(t, page("text/html", []byte(b.String())))
	out := mustRun(t, toolNamed(t, loopback, "extract_links"), map[string]any{"url": srv.URL, "limit": 10})
	if n := strings.Count(out, "\n- ["); n != 10 {
		t.Errorf("%d links listed, want 10:\n%s", n, out)
	}
	if !strings.Contains(out, "20 more links left out") || strings.Contains(out, "this page") {
		t.Errorf("limit note or self links wrong:\n%s", out)
	}
}

package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestPageMetadata(t *testing.T) {
	var ld strings.Builder
	ld.WriteString(`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Starter","recipeYield":"1 jar"}</script>`)
	ld.WriteString(`<script type="application/ld+json">{ not json </script>`)
	ld.WriteString(`<script type="application/ld+json">{"@type":"Thing","description":"` + strings.Repeat("long ", 2000) + `"}</script>`)
	for i := range 6 {
		fmt.Fprintf(&ld, `<script type="application/ld+json">{"@type":"Extra","n":%d}</script>`, i)
	}
	doc := `<!doctype html><html lang="fr-CA"><head>
<title>  Le   levain </title>
<base href="/articles/">
<meta name="description" content="Comment garder   un levain.">
<meta property="og:title" content="Le levain">
<meta property="og:image" content="https://img.example/levain.jpg">
<meta name="twitter:card" content="summary_large_image">
<meta property="twitter:site" content="@slowkitchen">
<link rel="alternate canonical" href="levain">
` + ld.String() + `</head><body><p>Texte.</p></body></html>`
	srv, _ := server(t, page("text/html; charset=utf-8", []byte(doc)))
	out := mustRun(t, toolNamed(t, loopback, "page_metadata"), map[string]string{"url": srv.URL + "/x"})
	var m struct {
		URL, Title, Description, Lang, Canonical string
		OpenGraph                                map[string]string `json:"open_graph"`
		Twitter                                  map[string]string
		JSONLD                                   []any `json:"json_ld"`
		Notes                                    []string
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	checks := []struct{ got, want string }{
		{m.URL, srv.URL + "/x"},
		{m.Title, "Le levain"},
		{m.Description, "Comment garder un levain."},
		{m.Lang, "fr-CA"},
		{m.Canonical, srv.URL + "/articles/levain"},
		{m.OpenGraph["title"], "Le levain"},
		{m.OpenGraph["image"], "https://img.example/levain.jpg"},
		{m.Twitter["card"], "summary_large_image"},
		{m.Twitter["site"], "@slowkitchen"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if len(m.JSONLD) != 5 {
		t.Fatalf("%d JSON-LD blocks, want the cap of 5: %v", len(m.JSONLD), m.JSONLD)
	}
	if r, ok := m.JSONLD[0].(map[string]any); !ok || r["@type"] != "Recipe" || r["recipeYield"] != "1 jar" {
		t.Errorf("first block: %v", m.JSONLD[0])
	}
	if s, ok := m.JSONLD[1].(string); !ok || len(s) > 4100 {
		t.Errorf("long block not cut to a string: %T %d", m.JSONLD[1], len(fmt.Sprint(m.JSONLD[1])))
	}
	notes := strings.Join(m.Notes, "|")
	for _, want := range []string{"not valid JSON", "is long", "more JSON-LD blocks left out"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
}

func TestPageToolsNeedHTML(t *testing.T) {
	srv, _ := server(t, page("application/json", []byte(`{"a":1}`)))
	for _, name := range []string{"page_metadata", "extract_links"} {
		_, err := run(t, toolNamed(t, loopback, name), map[string]string{"url": srv.URL})
		if err == nil || !strings.Contains(err.Error(), "not a web page") || !strings.Contains(err.Error(), "web_fetch") {
			t.Errorf("%s on JSON: %v", name, err)
		}
	}
}

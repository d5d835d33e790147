package manifest

import "testing"

// FuzzParse: any manifest JSON parses or fails with an error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"spec":"agent-manifest/0.2","name":"Aria","brain":{"provider":"anthropic","temperature":0.8},"skills":[{"uri":"skills/wave/","version":"0.1.0"}]}`))
	f.Add([]byte(`{"brain": 3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Parse(data)
	})
}

// FuzzFrontmatter: any instruction file's frontmatter applies to the brain
// or fails with an error naming the field, never a panic.
func FuzzFrontmatter(f *testing.F) {
	f.Add("---\nbrain:\n  model: gpt-4.1-mini\n  temperature: 0.25\n---\nYou are Leo.")
	f.Add("---\nmodel: [\n---\n")
	f.Add("no frontmatter at all")
	f.Fuzz(func(t *testing.T, doc string) {
		front, _, ok, err := SplitFrontmatter(doc)
		if err != nil || !ok {
			return
		}
		var b Brain
		_ = b.applyFrontmatter(front)
	})
}

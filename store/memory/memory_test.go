package memory

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func entry(key string, typ Type, sal float64, updated time.Time, tags ...string) Entry {
	return Entry{ID: "id-" + key, Key: key, Name: key, Type: typ, Content: "about " + key,
		Salience: sal, Tags: tags, CreatedAt: updated, UpdatedAt: updated}
}

func keys(rs []Scored) string {
	var ks []string
	for _, r := range rs {
		ks = append(ks, r.Key)
	}
	return strings.Join(ks, ",")
}

func TestScoreFormula(t *testing.T) {
	e := entry("a", Feedback, 0.5, t0, "x", "y")
	if got, want := Score(&e, t0), 0.5+0.3+0.04; !close(got, want) {
		t.Errorf("fresh feedback score = %v, want %v", got, want)
	}
	if got, want := Score(&e, t0.Add(HalfLife)), (0.84)/2; !close(got, want) {
		t.Errorf("score after one half-life = %v, want %v", got, want)
	}
	many := entry("b", Reference, 0.5, t0, "1", "2", "3", "4", "5", "6", "7")
	if got, want := Weight(&many), 0.5+0.1; !close(got, want) {
		t.Errorf("tag boost capped: weight = %v, want %v", got, want)
	}
	for typ, bonus := range map[Type]float64{User: 0.2, Feedback: 0.3, Project: 0.1, Reference: 0} {
		if typ.Bonus() != bonus {
			t.Errorf("%s bonus = %v, want %v", typ, typ.Bonus(), bonus)
		}
	}
}

func close(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestQueryRanksAndFilters(t *testing.T) {
	s := NewSet()
	s.Put(entry("old_feedback", Feedback, 0.9, t0.Add(-30*24*time.Hour)))
	s.Put(entry("fresh_ref", Reference, 0.5, t0))
	s.Put(entry("fresh_user", User, 0.5, t0, "coffee"))
	s.Put(entry("project", Project, 0.5, t0.Add(-24*time.Hour), "coffee", "work"))
	gone := entry("expired", Feedback, 1, t0)
	gone.ExpiresAt = t0.Add(-time.Second)
	s.Put(gone)

	for _, tc := range []struct {
		q    Query
		want string
	}{
		{Query{}, "fresh_user,project,fresh_ref,old_feedback"},
		{Query{Limit: 2}, "fresh_user,project"},
		{Query{Types: []Type{Feedback, Reference}}, "fresh_ref,old_feedback"},
		{Query{Tags: []string{"Coffee"}}, "fresh_user,project"},
		{Query{Tags: []string{"coffee", "work"}}, "project"},
		{Query{Text: "ABOUT fresh"}, "fresh_user,fresh_ref"},
		{Query{Text: "nothing like it"}, ""},
	} {
		if got := keys(s.Query(tc.q, t0)); got != tc.want {
			t.Errorf("Query(%+v) = %s, want %s", tc.q, got, tc.want)
		}
	}
}

func TestQueryTopKMatchesFullSort(t *testing.T) {
	s := NewSet()
	for i := range 500 {
		s.Put(entry(fmt.Sprintf("k%03d", i), Types[i%4], float64(i%10)/10, t0.Add(-time.Duration(i%37)*time.Hour)))
	}
	all := s.Query(Query{}, t0)
	top := s.Query(Query{Limit: 20}, t0)
	if keys(top) != keys(all[:20]) {
		t.Errorf("top 20 %s\n!= first 20 of all %s", keys(top), keys(all[:20]))
	}
}

func TestPrune(t *testing.T) {
	s := NewSet()
	for i := range 5 {
		s.Put(entry(fmt.Sprintf("k%d", i), Reference, 0.1*float64(i+1), t0))
	}
	exp := entry("expired", Feedback, 1, t0)
	exp.ExpiresAt = t0
	s.Put(exp)
	fresh := entry("just_said", Reference, 0.2, t0.Add(time.Hour))
	s.Put(fresh)
	now := t0.Add(time.Hour)
	got := strings.Join(s.Prune(4, now), ",")
	// expired first, then the lowest scores; the fresh entry survives against the
	// equally salient but hour-older k1.
	if want := "expired,k0,k1"; got != want {
		t.Errorf("Prune = %s, want %s", got, want)
	}
	if v := s.Prune(100, t0.Add(-time.Hour)); len(v) != 0 {
		t.Errorf("nothing to prune before expiry, got %v", v)
	}
}

func TestRememberUpsertsByKey(t *testing.T) {
	r := Remember{Key: "User Role", Name: "Role", Description: "job", Type: "User", Body: "engineer", Tags: []string{"Work"}}
	e, err := r.Apply(nil, t0)
	if err != nil {
		t.Fatal(err)
	}
	if e.Key != "user_role" || e.Type != User || e.Salience != DefaultSalience || e.ID == "" || e.Tags[0] != "work" {
		t.Fatalf("new entry = %+v", e)
	}
	r2 := Remember{Key: "user_role", Name: "Role", Description: "job", Type: User, Body: "manager"}
	e2, err := r2.Apply(&e, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if e2.ID != e.ID || !e2.CreatedAt.Equal(t0) || !e2.UpdatedAt.Equal(t0.Add(time.Hour)) || e2.Content != "manager" || e2.Tags[0] != "work" {
		t.Errorf("updated entry = %+v", e2)
	}
	for _, bad := range []Remember{
		{Key: "!!!", Name: "x", Type: User, Body: "b"},
		{Key: "k", Name: "x", Type: "mood", Body: "b"},
		{Key: "k", Name: "", Type: User, Body: "b"},
		{Key: "k", Name: "x", Type: User, Body: "  "},
		{Key: "k", Name: "x", Type: User, Body: "b", Salience: 2},
	} {
		if _, err := bad.Apply(nil, t0); err == nil {
			t.Errorf("Apply(%+v) accepted", bad)
		}
	}
}

func TestNormalizeKey(t *testing.T) {
	for in, want := range map[string]string{
		"user_role": "user_role", "User Role": "user_role", "  a--b  ": "a--b",
		"..hidden": "hidden", "Café au lait": "caf_au_lait", "": "", "日本": "",
	} {
		if got := NormalizeKey(in); got != want {
			t.Errorf("NormalizeKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBlockCapsTokens(t *testing.T) {
	s := NewSet()
	for i := range 50 {
		e := entry(fmt.Sprintf("k%02d", i), User, 0.5, t0.Add(-time.Duration(i)*time.Hour))
		e.Content = strings.Repeat("word ", 20) + "\nsecond line"
		s.Put(e)
	}
	ranked := s.Query(Query{}, t0)
	full := Block(ranked, 0)
	if !strings.HasPrefix(full, "<memory>\n- [user] k00 — k00\n  word") || !strings.HasSuffix(full, "second line\n</memory>") {
		t.Errorf("block shape:\n%s", full[:200])
	}
	if !strings.Contains(full, "\n  second line\n") {
		t.Error("continuation lines are not indented")
	}
	for _, cap := range []int{40, 100, 333, 1000} {
		b := Block(ranked, cap)
		if EstimateTokens(b) > cap {
			t.Errorf("cap %d: block has ~%d tokens", cap, EstimateTokens(b))
		}
		if b != "" && !strings.Contains(b, "k00") {
			t.Errorf("cap %d: best entry missing", cap)
		}
	}
	if Block(ranked, 5) != "" || Block(nil, 100) != "" {
		t.Error("a block with nothing in it should be empty")
	}
}

func TestParseType(t *testing.T) {
	if ty, err := ParseType(" Feedback "); err != nil || ty != Feedback {
		t.Errorf("ParseType = %v, %v", ty, err)
	}
	if _, err := ParseType("mood"); err == nil || !strings.Contains(err.Error(), "user, feedback") {
		t.Errorf("ParseType(mood) error = %v", err)
	}
}

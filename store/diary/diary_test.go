package diary

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		`{ "b": 1, "a": [ 1.50, "x<y>&" ], "c": {"z": null, "y": true} }`: `{"a":[1.50,"x<y>&"],"b":1,"c":{"y":true,"z":null}}`,
		`"text"`:               `"text"`,
		``:                     `null`,
		`12345678901234567890`: `12345678901234567890`,
	} {
		got, err := Canonical(json.RawMessage(in))
		if err != nil || string(got) != want {
			t.Errorf("Canonical(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	got, _ := Canonical(struct {
		Z string `json:"z"`
		A int    `json:"a"`
	}{"s", 1})
	if string(got) != `{"a":1,"z":"s"}` {
		t.Errorf("struct: %s", got)
	}
	if _, err := Canonical(json.RawMessage(`{} {}`)); err == nil {
		t.Error("two values accepted")
	}
}

// TestHashIsStable pins the hashed form: changing it would break every stored diary.
func TestHashIsStable(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 500, time.UTC)
	e, err := Next(Empty(), "speak", map[string]any{"text": "hi", "sentiment": 0.5}, at)
	if err != nil {
		t.Fatal(err)
	}
	// Checked independently: python3 hashlib.sha256 of
	// {"payload":{"sentiment":0.5,"text":"hi"},"prev":"000…0","seq":1,"time":"2026-03-01T12:00:00.0000005Z","type":"speak"}
	const want = "0929de1b91aa6765c5fb69f03bedf6524e2256eb5f0ba4e7540c4e3402b79532"
	if e.Hash != want {
		t.Errorf("hash = %s, want %s", e.Hash, want)
	}
}

func TestVerifier(t *testing.T) {
	var chain []Entry
	head := Empty()
	for i := range 4 {
		e, _ := Next(head, "remember", map[string]int{"i": i}, time.Unix(int64(i), 0))
		chain = append(chain, e)
		head = e.Head()
	}
	var v Verifier
	for i := range chain {
		if err := v.Check(chain[i].Seq, &chain[i]); err != nil {
			t.Fatal(err)
		}
	}
	if h, n, err := v.Finish(head); err != nil || n != 4 || h != head {
		t.Errorf("Finish = %v %d %v", h, n, err)
	}
	var empty Verifier
	if _, n, err := empty.Finish(Empty()); err != nil || n != 0 {
		t.Errorf("empty diary: %d %v", n, err)
	}
	var gap Verifier
	gap.Check(1, &chain[0])
	var broken *BrokenError
	if err := gap.Check(3, &chain[2]); !errors.As(err, &broken) || broken.Seq != 2 {
		t.Errorf("gap: %v", err)
	}
}

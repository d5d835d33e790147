package ipfs

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestParseCID(t *testing.T) {
	for _, s := range []string{
		"QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o",
		"bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku",
		"bafybeicd42f2zcidotwsoitc7yom627eeycmsnncaydllcognowm7ok5yu",
	} {
		c, err := ParseCID(s)
		if err != nil || c.String() != s {
			t.Errorf("ParseCID(%s) = %v, %v", s, c, err)
		}
		back, err := cidFromBytes(c.Bytes())
		if err != nil || !back.Equal(c) {
			t.Errorf("binary round trip of %s: %v %v", s, back, err)
		}
	}
	v1, _ := ParseCID("bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku")
	if z, err := ParseCID("z" + base58Encode(v1.Bytes())); err != nil || !z.Equal(v1) {
		t.Errorf("base58btc CIDv1: %v %v", z, err)
	}
	for _, bad := range []string{"", "hello", "Qm123", "bafy!!", "b" + strings.Repeat("a", 10), "QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff0o"} {
		if _, err := ParseCID(bad); !errors.Is(err, ErrBadCID) {
			t.Errorf("ParseCID(%q) = %v, want ErrBadCID", bad, err)
		}
	}
}

func TestNodePut(t *testing.T) {
	f := newFake(t)
	n := &Node{URL: f.srv.URL}
	data := pattern(600 << 10)
	c, err := n.Put(context.Background(), "leo.glb", data)
	if err != nil || !c.Equal(FileCID(data)) {
		t.Fatalf("Put = %s, %v", c, err)
	}
	f.wrongID = true
	if _, err := n.Put(context.Background(), "leo.glb", data); !errors.Is(err, ErrMismatch) {
		t.Errorf("node answering another CID: %v", err)
	}
	down := &Node{URL: "http://127.0.0.1:1"}
	if _, err := down.Put(context.Background(), "x", data); err == nil || !strings.Contains(err.Error(), "cannot reach") {
		t.Errorf("node down: %v", err)
	}
}

func TestPinningService(t *testing.T) {
	f := newFake(t)
	data := []byte(`{"name":"leo"}`)
	cases := []struct {
		name   string
		token  string
		status int
		pinAs  string
		want   string // "" for success, else a part of the error
	}{
		{"queued", "secret-token", 0, "", ""},
		{"pinned", "secret-token", 0, "pinned", ""},
		{"bad token", "wrong", 0, "", "refused the access token"},
		{"server error", "secret-token", 500, "", "failed (500"},
		{"pin failed", "secret-token", 0, "failed", "could not pin"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f.status, f.pinAs = tc.status, tc.pinAs
			p := &PinningService{URL: f.srv.URL, Token: tc.token}
			c, err := p.Put(context.Background(), "registration.json", data)
			if tc.want == "" {
				if err != nil || !c.Equal(FileCID(data)) {
					t.Fatalf("Put = %s, %v", c, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			if strings.Contains(err.Error(), tc.token) {
				t.Errorf("the token is in the error: %v", err)
			}
		})
	}
	if len(f.pins) != 3 || f.pins[0] != FileCID(data).String() {
		t.Errorf("pins = %v", f.pins)
	}
}

func TestGatewayLoad(t *testing.T) {
	f := newFake(t)
	small, big := []byte("# Football drills\n"), pattern(174*ChunkSize+5000)
	smallCID, smallBlocks := FileDAG(small, true)
	bigCID, bigBlocks := FileDAG(big, true)
	f.put(smallBlocks)
	f.put(bigBlocks)
	inner := dirBlock(map[string]CID{"SKILL.md": smallCID})
	root := dirBlock(map[string]CID{"football-drills": inner.CID, "leo.glb": bigCID})
	f.put([]Block{inner, root})
	g := &Gateway{URL: f.srv.URL}
	ctx := context.Background()
	for uri, want := range map[string][]byte{
		"ipfs://" + smallCID.String():                               small,
		"ipfs://" + bigCID.String():                                 big,
		"ipfs://" + root.CID.String() + "/football-drills/SKILL.md": small,
		"ipfs://" + root.CID.String() + "/leo.glb":                  big,
	} {
		got, err := g.Load(ctx, uri)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Load(%s) = %d bytes, %v", uri, len(got), err)
		}
	}
	for uri, want := range map[string]string{
		"ipfs://" + root.CID.String() + "/nothing":          `has no "nothing"`,
		"ipfs://" + root.CID.String() + "/football-drills/": "is a folder",
		"ipfs://" + smallCID.String() + "/x":                "plain file",
		"https://example.com/x":                             "not an ipfs:// URI",
		"ipfs://notacid":                                    "not a CID",
		"ipfs://" + FileCID([]byte("absent")).String():      "404",
	} {
		if _, err := g.Load(ctx, uri); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%s) = %v, want %q", uri, err, want)
		}
	}
	small1 := &Gateway{URL: f.srv.URL, MaxBytes: 1 << 20}
	if _, err := small1.Load(ctx, "ipfs://"+bigCID.String()); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("MaxBytes: %v", err)
	}
	f.tamper = true
	for _, c := range []CID{smallCID, bigCID} {
		if _, err := g.Load(ctx, "ipfs://"+c.String()); !errors.Is(err, ErrMismatch) {
			t.Errorf("tampered %s: %v, want ErrMismatch", c, err)
		}
	}
}

func TestGatewayHonoursContext(t *testing.T) {
	f := newFake(t)
	c, blocks := FileDAG([]byte("x"), true)
	f.put(blocks)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (&Gateway{URL: f.srv.URL}).Load(ctx, "ipfs://"+c.String()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func BenchmarkFileCID(b *testing.B) {
	data := pattern(8 << 20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		FileCID(data)
	}
}

package fs

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	s := newSandbox(t)
	var lines []string
	for i := 1; i <= 50; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	s.file("fifty.txt", strings.Join(lines, "\n")+"\n")
	s.file("crlf.txt", "one\r\ntwo\r\n")
	s.file("empty.txt", "")
	s.file("blob.bin", "abc\x00def")
	s.file("latin1.txt", "caf\xe9 cr\xe8me\n")
	cases := []struct {
		name    string
		args    any
		wantErr string
		want    []string
	}{
		{"whole", obj{"path": "~/fifty.txt"}, "", []string{"lines 1–50 of 50", "     1\tline 1\n", "    50\tline 50\n"}},
		{"range", obj{"path": "fifty.txt", "start_line": 10, "end_line": 12}, "", []string{"lines 10–12 (more follow)", "    10\tline 10\n    11\tline 11\n    12\tline 12\n"}},
		{"from", obj{"path": "fifty.txt", "start_line": 49}, "", []string{"    49\tline 49\n    50\tline 50\n"}},
		{"to the last line", obj{"path": "fifty.txt", "start_line": 50, "end_line": 50}, "", []string{"lines 50–50 of 50"}},
		{"crlf", obj{"path": "crlf.txt"}, "", []string{"     1\tone\n     2\ttwo\n"}},
		{"empty", obj{"path": "empty.txt"}, "", []string{"empty"}},
		{"latin1 shown", obj{"path": "latin1.txt"}, "", []string{"caf\uFFFD"}},
		{"past end", obj{"path": "fifty.txt", "start_line": 99}, "past the end", nil},
		{"bad range", obj{"path": "fifty.txt", "start_line": 5, "end_line": 2}, "do not make a range", nil},
		{"binary", obj{"path": "blob.bin"}, "is a binary file (7 bytes", nil},
		{"folder", obj{"path": "~/notes"}, "is a folder", nil},
		{"missing", obj{"path": "~/nope.txt"}, "does not exist", nil},
		{"no path", obj{}, `"path" is missing`, nil},
		{"mistyped path", `{"path": 7}`, "path", nil},
		{"mistyped line", `{"path": "fifty.txt", "start_line": "ten"}`, "start_line", nil},
		{"outside", obj{"path": "/etc/hostname"}, "outside the folders", nil},
		{"excluded", obj{"path": "~/.ssh/id_ed25519"}, "private place", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := s.call("fs_read", c.args)
			expect(t, res, err, c.wantErr, c.want...)
		})
	}
}

func TestReadCap(t *testing.T) {
	s := newSandbox(t)
	s.use(Config{MaxRead: 1000})
	s.file("long.txt", strings.Repeat(strings.Repeat("x", 99)+"\n", 30))
	res, err := s.call("fs_read", obj{"path": "long.txt"})
	expect(t, res, err, "", "start_line=10", "lines 1–9 (more follow)")
	if len(res.Text) > 1300 {
		t.Errorf("cap of 1000 bytes not kept: %d bytes", len(res.Text))
	}
	res, err = s.call("fs_read", obj{"path": "long.txt", "start_line": 10})
	expect(t, res, err, "", "    10\t", "start_line=19")

	s.file("one-line.txt", strings.Repeat("y", 5000))
	res, err = s.call("fs_read", obj{"path": "one-line.txt"})
	expect(t, res, err, "", "line 1 is longer than", "start_line=2")
}

func TestReadHugeSparseFile(t *testing.T) {
	s := newSandbox(t)
	f, err := os.Create(s.p("huge.img"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(2 << 30); err != nil {
		t.Skipf("no sparse files here: %v", err)
	}
	f.Close()
	s.file("huge.log", "start of a log\n") // text at the start, then 2 GB of holes
	if err := os.Truncate(s.p("huge.log"), 2<<30); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"huge.img", "huge.log"} {
		start := time.Now()
		res, err := s.call("fs_read", obj{"path": name})
		expect(t, res, err, "is a binary file (2147483648 bytes")
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s took %v; a 2 GB file must not be read", name, d)
		}
	}
	res, err := s.call("fs_search", obj{"path": "~", "pattern": "x", "content": true})
	expect(t, res, err, "", "files over 1.0 MB")
}

func TestReadFifoDoesNotHang(t *testing.T) {
	s := newSandbox(t)
	if err := syscall.Mkfifo(s.p("pipe"), 0o644); err != nil {
		t.Skipf("no fifo: %v", err)
	}
	res, err := s.call("fs_read", obj{"path": "pipe"})
	expect(t, res, err, "is a pipe, not a file")
}

func pngOf(t *testing.T, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix { // a busy pattern that compresses badly
		img.Pix[i] = uint8(i*7919>>3) | 0x0f
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestReadImage(t *testing.T) {
	s := newSandbox(t)
	small := pngOf(t, 40, 30)
	s.file("small.png", string(small))
	s.file("wide.png", string(pngOf(t, 1600, 40)))
	s.file("busy.png", string(pngOf(t, 400, 400)))
	s.file("broken.png", "\x89PNG\r\n\x1a\nnot really")

	res, err := s.call("fs_read", obj{"path": "small.png"})
	expect(t, res, err, "", "PNG picture, 40×30 px")
	if len(res.Images) != 1 || res.Images[0].MediaType != "image/png" || !bytes.Equal(res.Images[0].Data, small) {
		t.Fatalf("small picture not passed through: %+v", res.Images)
	}

	res, err = s.call("fs_read", obj{"path": "wide.png"})
	expect(t, res, err, "", "1600×40 px", "scaled down to 1568×39")
	if len(res.Images) != 1 {
		t.Fatal("no image")
	}
	got, _, err := image.DecodeConfig(bytes.NewReader(res.Images[0].Data))
	if err != nil || got.Width != 1568 || got.Height != 39 {
		t.Errorf("scaled picture is %+v, %v", got, err)
	}

	s.use(Config{MaxImageSide: 300, MaxImageBytes: 8000})
	res, err = s.call("fs_read", obj{"path": "busy.png"})
	expect(t, res, err, "", "400×400 px", "scaled down")
	if len(res.Images) != 1 || len(res.Images[0].Data) > 8000 || res.Images[0].MediaType != "image/jpeg" {
		t.Errorf("byte cap not kept: %d bytes of %s (%s)", len(res.Images[0].Data), res.Images[0].MediaType, res.Text)
	}

	res, err = s.call("fs_read", obj{"path": "broken.png"})
	expect(t, res, err, "cannot be decoded")
}

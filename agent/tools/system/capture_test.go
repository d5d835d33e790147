package system

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// reference is what capture must keep of data.
func reference(data []byte) string {
	if len(data) <= HeadBytes+TailBytes {
		return string(data)
	}
	cut := len(data) - HeadBytes - TailBytes
	return string(data[:HeadBytes]) + fmt.Sprintf("\n[… %d bytes cut …]\n", cut) + string(data[len(data)-TailBytes:])
}

func TestCapture(t *testing.T) {
	big := make([]byte, 200_000)
	for i := range big {
		big[i] = 'a' + byte(i*7%26)
	}
	for _, c := range []struct {
		name   string
		size   int
		chunks []int // write sizes, repeated until size bytes are written
	}{
		{"empty", 0, []int{1}},
		{"small", 100, []int{7}},
		{"exactly head", HeadBytes, []int{1000}},
		{"head plus tail", HeadBytes + TailBytes, []int{333}},
		{"one byte over", HeadBytes + TailBytes + 1, []int{HeadBytes + TailBytes + 1}},
		{"one big write", len(big), []int{len(big)}},
		{"odd chunks", len(big), []int{1, 4095, 4097, 13, 9000}},
		{"tail-sized chunks", len(big), []int{TailBytes}},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := big[:c.size]
			var cp capture
			for i, off := 0, 0; off < len(data); i++ {
				n := min(c.chunks[i%len(c.chunks)], len(data)-off)
				if k, err := cp.Write(data[off : off+n]); k != n || err != nil {
					t.Fatalf("Write = %d, %v", k, err)
				}
				off += n
			}
			if got, want := cp.String(), reference(data); got != want {
				t.Errorf("kept %d bytes, want %d; got head %q", len(got), len(want), got[:min(40, len(got))])
			}
			if cp.Total() != int64(c.size) {
				t.Errorf("Total = %d, want %d", cp.Total(), c.size)
			}
		})
	}
}

func TestCaptureInvalidUTF8(t *testing.T) {
	var cp capture
	cp.Write([]byte("ok \xff\xfe end"))
	if got := cp.String(); got != "ok \uFFFD end" {
		t.Errorf("got %q", got)
	}
}

func TestCaptureStaysSmall(t *testing.T) {
	var cp capture
	chunk := bytes.Repeat([]byte("y\n"), 16<<10)
	for range 1000 { // 32 MiB
		cp.Write(chunk)
	}
	if cap(cp.head) > HeadBytes*2 || cap(cp.tail) > TailBytes*2 {
		t.Errorf("buffers grew to %d and %d bytes", cap(cp.head), cap(cp.tail))
	}
	if s := cp.String(); !strings.Contains(s, "bytes cut") || len(s) > HeadBytes+TailBytes+100 {
		t.Errorf("kept %d bytes", len(s))
	}
}

func BenchmarkCaptureWrite(b *testing.B) {
	chunk := bytes.Repeat([]byte("y\n"), 16<<10)
	var cp capture
	b.SetBytes(int64(len(chunk)))
	b.ReportAllocs()
	for b.Loop() {
		cp.Write(chunk)
	}
}

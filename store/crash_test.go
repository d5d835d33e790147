package store

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kin-companion/kin/store/diary"
)

const (
	crashDirEnv   = "KIN_STORE_CRASH_DIR"
	crashStartEnv = "KIN_STORE_CRASH_START"
	crashKeys     = 60
)

// TestCrashChild is the child process of TestSIGKILLKeepsAcknowledgedWrites: it writes
// memories and diary entries as fast as it can and prints an acknowledgement after
// each write returns, until it is killed.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("child process of TestSIGKILLKeepsAcknowledgedWrites")
	}
	start, _ := strconv.Atoi(os.Getenv(crashStartEnv))
	db, err := Open(Options{Dir: dir, GCInterval: -1})
	if err != nil {
		fmt.Printf("open failed: %v\n", err)
		os.Exit(3)
	}
	for i := start; ; i++ {
		key := fmt.Sprintf("k%02d", i%crashKeys)
		if _, err := db.Memories().Remember(rem(key, strconv.Itoa(i))); err != nil {
			fmt.Printf("error %v\n", err)
			os.Exit(4)
		}
		fmt.Printf("m %s %d\n", key, i)
		e, err := db.Diary().Record("remember", map[string]any{"key": key, "i": i}, time.Time{})
		if err != nil {
			fmt.Printf("error %v\n", err)
			os.Exit(4)
		}
		fmt.Printf("d %d %s\n", e.Seq, e.Hash)
	}
}

// acks are what a child acknowledged.
type acks struct {
	mem   map[string]int    // key -> last acknowledged value
	diary map[uint64]string // seq -> hash
	last  int               // highest value acknowledged
}

func runCrashChild(t *testing.T, dir string, start int, killAfter time.Duration) acks {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDirEnv+"="+dir, crashStartEnv+"="+strconv.Itoa(start))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a := acks{mem: map[string]int{}, diary: map[uint64]string{}, last: -1}
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	time.AfterFunc(killAfter, func() { cmd.Process.Signal(syscall.SIGKILL) })
	for line := range lines {
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "m":
			v, _ := strconv.Atoi(f[2])
			a.mem[f[1]], a.last = v, v
		case len(f) == 3 && f[0] == "d":
			seq, _ := strconv.ParseUint(f[1], 10, 64)
			a.diary[seq] = f[2]
		case strings.HasPrefix(line, "open failed") || strings.HasPrefix(line, "error"):
			t.Fatalf("child: %s", line)
		}
	}
	cmd.Wait()
	return a
}

// TestSIGKILLKeepsAcknowledgedWrites kills a writing child at random points, many times;
// after each kill, every acknowledged write must be there and the diary must verify.
func TestSIGKILLKeepsAcknowledgedWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	rounds := 25
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	start, totalAcks := 0, 0
	for round := range rounds {
		// Some kills land while the child is still opening (and recovering) the store.
		kill := time.Duration(rng.IntN(250)) * time.Millisecond
		a := runCrashChild(t, dir, start, kill)
		totalAcks += len(a.diary)

		db, err := Open(Options{Dir: dir, GCInterval: -1})
		if err != nil {
			t.Fatalf("round %d: reopen after SIGKILL at %v: %v", round, kill, err)
		}
		for key, v := range a.mem {
			e, ok := db.Memories().Get(key)
			got, _ := strconv.Atoi(e.Content)
			if !ok || got < v {
				t.Errorf("round %d: memory %s = %q, acknowledged %d", round, key, e.Content, v)
			}
		}
		head, n, err := db.Diary().Verify()
		if err != nil {
			t.Errorf("round %d: diary does not verify: %v", round, err)
		}
		for seq, hash := range a.diary {
			var found bool
			db.Diary().Walk(seq, func(at uint64, e *diary.Entry) error {
				found = at == seq && e.Hash == hash
				return errStop
			})
			if !found || head.Seq < seq {
				t.Errorf("round %d: acknowledged diary entry %d (%s) missing", round, seq, hash[:8])
			}
		}
		t.Logf("round %d: killed after %v, %d acks, diary %d entries", round, kill, len(a.diary), n)
		db.Close()
		start = a.last + 1000
	}
	if totalAcks == 0 {
		t.Error("no child ever acknowledged a write")
	}
}

var errStop = fmt.Errorf("stop")

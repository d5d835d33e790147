package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/diary"
)

// Diary runs `kin diary show|verify` on db.
func Diary(db *store.DB, args []string, stdout, stderr io.Writer) int {
	sub, args := args[0], args[1:]
	switch sub {
	case "show":
		return diaryShow(db.Diary(), args, stdout, stderr)
	case "verify":
		return DiaryVerify(db, args, stdout, stderr)
	case "sign":
		return DiarySign(db, args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "kin diary: unknown command %q\n%s", sub, usage["diary"])
	return 2
}

func diaryShow(d *store.Diary, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("kin diary show", stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	last := fs.Int("last", 0, "only the last N entries")
	if pos, err := parse(fs, args); err != nil || len(pos) > 0 {
		return 2
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "last" })
	if given && *last < 1 {
		fmt.Fprintf(stderr, "kin diary show: bad --last %d (want 1 or more; leave it out for every entry)\n", *last)
		return 2
	}
	from := uint64(0)
	if h := d.Head(); *last > 0 && h.Seq > uint64(*last) {
		from = h.Seq - uint64(*last) + 1
	}
	entries := []diary.Entry{}
	err := d.Walk(from, func(_ uint64, e *diary.Entry) error {
		entries = append(entries, *e)
		return nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "kin diary show: %v\n", err)
		return 1
	}
	if *asJSON {
		return writeJSON(stdout, stderr, entries)
	}
	if len(entries) == 0 {
		fmt.Fprintln(stdout, "the diary is empty")
	}
	for _, e := range entries {
		fmt.Fprintf(stdout, "%6d  %s  %-10s %s  %.12s\n", e.Seq, diary.FormatTime(e.Time), e.Type, e.Payload, e.Hash)
	}
	return 0
}

func diaryVerify(d *store.Diary, stdout, stderr io.Writer) int {
	head, n, err := d.Verify()
	var broken *diary.BrokenError
	switch {
	case errors.As(err, &broken):
		fmt.Fprintf(stderr, "kin diary verify: FAILED: the chain breaks at entry %d: %s\n", broken.Seq, broken.Reason)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "kin diary verify: FAILED: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "diary verified: %d entries, head %d %s\n", n, head.Seq, head.Hash)
	return 0
}

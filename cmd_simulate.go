package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/kin-companion/kin/avatar"
)

const simulateUsage = "usage: kin simulate [--model M] [--events E.jsonl] [--seconds T] [--fps 60] [--json] [--seed N]"

// cmdSimulate implements `kin simulate --model M --events E.jsonl
// --seconds T [--fps 60] [--json]`: the avatar state with no window.
func cmdSimulate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "model file (default: the embedded avatar)")
	events := fs.String("events", "", "JSON-lines events file: {\"t\": s, \"type\": ..., \"payload\": {...}}")
	seconds := fs.Float64("seconds", 5, fmt.Sprintf("simulated seconds, 0 to %d", avatar.MaxSimulateSeconds))
	fps := fs.Int("fps", 60, fmt.Sprintf("fixed timestep rate, 1 to %d", avatar.MaxSimulateFPS))
	asJSON := fs.Bool("json", false, "print the final state as JSON")
	seed := fs.Uint64("seed", 1, "random seed for blinks and saccades")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if msg := simulateArgsProblem(fs.Args(), *seconds, *fps); msg != "" {
		fmt.Fprintf(stderr, "kin simulate: %s\n%s\n", msg, simulateUsage)
		return 2
	}
	m, err := loadModel(*model)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	timeline, err := avatar.ReadTimelineFile(*events)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	st, err := avatar.Simulate(avatar.NewCharacter(m, *seed), timeline, *seconds, *fps)
	if err != nil {
		fmt.Fprintln(stderr, "kin:", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(st)
		return 0
	}
	fmt.Fprintf(stdout, "after %.2fs: gesture %q, head tilt %.1f° lean %.3f rad yaw %.1f°\n",
		*seconds, st.Gesture, st.Head.TiltDeg, st.Head.LeanRad, st.Head.YawDeg)
	for _, name := range []string{"concern", "celebration", "patience", "curiosity", "empathy", "neutral"} {
		fmt.Fprintf(stdout, "  %-12s %.3f\n", name, st.Emotions[name])
	}
	return 0
}

// simulateArgsProblem says what is wrong with kin simulate's arguments, or
// "" when nothing is. The checks are written so that NaN fails them.
func simulateArgsProblem(rest []string, seconds float64, fps int) string {
	switch {
	case len(rest) > 0:
		return fmt.Sprintf("unexpected argument %q (the events file goes after --events)", rest[0])
	case !(seconds >= 0 && seconds <= avatar.MaxSimulateSeconds):
		return fmt.Sprintf("bad --seconds %v (want 0 to %d, an hour)", seconds, avatar.MaxSimulateSeconds)
	case !(fps >= 1 && fps <= avatar.MaxSimulateFPS):
		return fmt.Sprintf("bad --fps %d (want 1 to %d)", fps, avatar.MaxSimulateFPS)
	}
	return ""
}

package engine

import (
	"strings"
	"testing"
	"time"
)

// TestParseBackend: the --renderer words, and a clear error for others.
func TestParseBackend(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Backend
		err  bool
	}{{"", BackendAuto, false}, {"auto", BackendAuto, false}, {"gpu", BackendGPU, false}, {"cpu", BackendCPU, false}, {"vulkan", 0, true}} {
		got, err := ParseBackend(tc.in)
		if (err != nil) != tc.err || !tc.err && got != tc.want {
			t.Errorf("ParseBackend(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
		}
		if tc.err && (err == nil || !strings.Contains(err.Error(), "auto, gpu or cpu")) {
			t.Errorf("ParseBackend(%q): error %v does not say what is allowed", tc.in, err)
		}
	}
}

// TestTrialDecides: the trial keeps the GPU unless the CPU's median frame
// is clearly (a fifth) shorter; one slow frame does not sway it.
func TestTrialDecides(t *testing.T) {
	ms := func(v ...float64) []time.Duration {
		var out []time.Duration
		for _, x := range v {
			out = append(out, time.Duration(x*float64(time.Millisecond)))
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		gpu, cpu []time.Duration
		want     Backend
	}{
		{"software GPU", ms(30, 29, 31, 33, 30), ms(15, 14, 40, 15, 16), BackendCPU},
		{"real GPU", ms(1, 1.2, 0.9, 1, 8), ms(6, 5, 6, 7, 6), BackendGPU},
		{"close call", ms(10, 10, 10, 10, 10), ms(9, 9, 9, 9, 9), BackendGPU},
	} {
		tr := trial{times: [2][]time.Duration{tc.gpu, tc.cpu}}
		tr.decide()
		if !tr.done || tr.chosen != tc.want {
			t.Errorf("%s: chose %v (done %v), want %v", tc.name, tr.chosen, tr.done, tc.want)
		}
	}
}

// TestTrialRuns: a renderer on BackendAuto draws alternately with each
// backend, times them, settles on one within warm-up and trial frames and
// keeps drawing with it; frames before and after agree with the GPU's
// picture (the CPU renderer matches it).
func TestTrialRuns(t *testing.T) {
	br := newBenchRig(&testing.B{}, benchSizes[0])
	br.r.Backend = BackendAuto
	for range trialWarmup + 2*trialFrames {
		br.frame()
	}
	tr := &br.r.trial
	if !tr.done || len(tr.times[BackendGPU]) != trialFrames || len(tr.times[BackendCPU]) != trialFrames {
		t.Fatalf("after %d frames: done %v, %d GPU and %d CPU frames timed", trialWarmup+2*trialFrames, tr.done, len(tr.times[0]), len(tr.times[1]))
	}
	if s := br.r.BackendInUse(); !strings.Contains(s, "cpu") || !strings.Contains(s, "gpu") || !strings.HasPrefix(s, tr.chosen.String()) {
		t.Errorf("BackendInUse = %q", s)
	}
	drawn := br.r.Drawn
	br.frame()
	if b, timed := br.r.backend(); b != tr.chosen || timed || br.r.Drawn != drawn+1 {
		t.Errorf("after the trial: backend %v (timed %v), want %v untimed", b, timed, tr.chosen)
	}
	t.Logf("chose %s", br.r.BackendInUse())
}

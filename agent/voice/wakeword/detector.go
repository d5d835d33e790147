package wakeword

import (
	"slices"
	"time"
)

// Options tune a [Detector]; zero fields take rustpotter's defaults.
type Options struct {
	Threshold    float64   // per-recording score needed; 0.5
	AvgThreshold float64   // averaged-template gate; 0.2 (negative disables it)
	MinScores    int       // partial detections needed; 7 (rustpotter uses 5; 7 measured 0 false wakes in 71 min of near-miss speech, 92% recall)
	MinLevel     float64   // dBFS below which audio is not examined; −50
	Mode         ScoreMode // how per-recording scores combine; Median (rustpotter offers max too)
}

func (o *Options) defaults() {
	if o.Threshold == 0 {
		o.Threshold = 0.5
	}
	if o.AvgThreshold == 0 {
		o.AvgThreshold = 0.2
	}
	if o.MinScores == 0 {
		o.MinScores = 7
	}
	if o.Mode == "" {
		o.Mode = Median
	}
	if o.MinLevel == 0 {
		o.MinLevel = -50
	}
}

// Detection is a wake phrase heard.
type Detection struct {
	Name  string
	Score float64       // best combined score of the detection
	At    time.Duration // stream time when it was emitted
	Count int           // partial detections it gathered
}

// Detector scans a 16 kHz stream for one template. Not safe for concurrent use.
type Detector struct {
	t      *Template
	opt    Options
	mfcc   *mfcc
	frames [][]float32 // recent features, newest last
	energy []float64
	keep   int   // frames kept: the longest take
	pos    int64 // frames seen

	count     int
	best      float64
	countdown int // frames until emitting; 0: not counting
	quiet     int // frames since the last partial detection
}

// NewDetector returns a detector for t.
func NewDetector(t *Template, opt Options) *Detector {
	opt.defaults()
	d := &Detector{t: t, opt: opt, mfcc: newMFCC(), keep: len(t.Avg)}
	for _, take := range t.Takes {
		d.keep = max(d.keep, len(take))
	}
	return d
}

// Write feeds samples and returns a detection if the phrase was just completed.
func (d *Detector) Write(pcm []int16) (Detection, bool) {
	n := len(d.frames)
	d.frames, d.energy = d.mfcc.write(pcm, d.frames, d.energy)
	var det Detection
	found := false
	for i := n; i < len(d.frames); i++ {
		d.pos++
		if x, ok := d.step(i + 1); ok {
			det, found = x, true
		}
	}
	if drop := len(d.frames) - d.keep; drop > 0 {
		d.frames = slices.Delete(d.frames, 0, drop)
		d.energy = slices.Delete(d.energy, 0, drop)
	}
	return det, found
}

// step examines the window ending at frame end (exclusive).
func (d *Detector) step(end int) (Detection, bool) {
	s := d.match(end)
	if s >= d.opt.Threshold {
		d.count++
		d.best = max(d.best, s)
		d.quiet = 0
		if d.count >= d.opt.MinScores && d.countdown == 0 {
			d.countdown = max(1, len(d.t.Avg)/4)
		}
	} else if d.quiet++; d.quiet > len(d.t.Avg)/2 && d.countdown == 0 {
		d.count, d.best = 0, 0
	}
	if d.countdown > 0 {
		if d.countdown--; d.countdown == 0 {
			det := Detection{Name: d.t.Name, Score: d.best, At: time.Duration(d.pos) * 10 * time.Millisecond, Count: d.count}
			d.count, d.best = 0, 0
			return det, true
		}
	}
	return Detection{}, false
}

// match scores the window ending at end: 0 if too quiet or gated by the averaged
// template, else the best per-recording score.
func (d *Detector) match(end int) float64 {
	L := len(d.t.Avg)
	if end < L {
		return 0
	}
	loud := false
	for _, e := range d.energy[end-L : end] {
		if e > d.opt.MinLevel {
			loud = true
			break
		}
	}
	if !loud {
		return 0
	}
	if d.opt.AvgThreshold > 0 && score(dtw(normalize(d.frames[end-L:end]), d.t.Avg, nil)) < d.opt.AvgThreshold {
		return 0
	}
	scores := make([]float64, 0, len(d.t.Takes))
	for _, take := range d.t.Takes {
		if end < len(take) {
			continue
		}
		scores = append(scores, score(dtw(normalize(d.frames[end-len(take):end]), take, nil)))
	}
	return combine(scores, d.opt.Mode)
}

// ScoreMode says how the per-recording scores combine.
type ScoreMode string

// The score modes.
const (
	Max    ScoreMode = "max"
	Avg    ScoreMode = "avg"
	Median ScoreMode = "median"
)

func combine(s []float64, mode ScoreMode) float64 {
	if len(s) == 0 {
		return 0
	}
	switch mode {
	case Max:
		return slices.Max(s)
	case Median:
		slices.Sort(s)
		return s[len(s)/2]
	}
	var sum float64
	for _, v := range s {
		sum += v
	}
	return sum / float64(len(s))
}

// Awake keeps kin awake after a wake word until Timeout passes with no speech.
// Now is the clock (time.Now when nil).
type Awake struct {
	Timeout time.Duration
	Now     func() time.Time
	until   time.Time
}

func (a *Awake) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// Wake starts (or extends) the awake period.
func (a *Awake) Wake() { a.until = a.now().Add(a.Timeout) }

// Activity extends the awake period if kin is awake (the user or kin spoke).
func (a *Awake) Activity() {
	if a.Awake() {
		a.Wake()
	}
}

// Awake reports whether kin is awake.
func (a *Awake) Awake() bool { return a.now().Before(a.until) }

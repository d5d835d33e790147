// Package wakeword detects a spoken wake phrase with rustpotter's method
// (protocols.md §E): MFCC features, templates made from 3–8 recordings of the
// phrase, and DTW matching of the last second or so of audio against them. An
// averaged template (every recording DTW-aligned onto the first and averaged) is a
// cheap gate before the per-recording scores. [Awake] keeps kin awake after a
// detection until a silence timeout. Pure Go; 16 kHz mono input.
package wakeword

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Template is a wake phrase learnt from recordings.
type Template struct {
	Name  string        `json:"name"`
	Takes [][][]float32 `json:"takes"` // normalised features of each recording
	Avg   [][]float32   `json:"avg"`   // the averaged template
}

// ErrTakes is returned when a template gets fewer than 3 or more than 8 takes.
var ErrTakes = errors.New("wakeword: a template needs 3 to 8 recordings")

// NewTemplate learns name from takes of 16 kHz audio; leading and trailing silence
// is trimmed from each.
func NewTemplate(name string, takes [][]int16) (*Template, error) {
	if len(takes) < 3 || len(takes) > 8 {
		return nil, ErrTakes
	}
	t := &Template{Name: name}
	for i, pcm := range takes {
		f := normalize(Features(Trim(pcm)))
		if len(f) < 20 {
			return nil, fmt.Errorf("wakeword: recording %d has under 0.2 s of speech", i+1)
		}
		t.Takes = append(t.Takes, f)
	}
	t.Avg = average(t.Takes)
	return t, nil
}

// average aligns every take onto the first and averages the frames aligned with
// each of its frames.
func average(takes [][][]float32) [][]float32 {
	ref := takes[0]
	sum := make([][]float32, len(ref))
	count := make([]int, len(ref))
	for i, f := range ref {
		sum[i] = append([]float32(nil), f...)
		count[i] = 1
	}
	var path [][2]int
	for _, t := range takes[1:] {
		dtw(ref, t, &path)
		for _, p := range path {
			for k, v := range t[p[1]] {
				sum[p[0]][k] += v
			}
			count[p[0]]++
		}
	}
	for i := range sum {
		for k := range sum[i] {
			sum[i][k] /= float32(count[i])
		}
	}
	return normalize(sum)
}

// Trim cuts leading and trailing audio more than 35 dB below the loudest 10 ms.
func Trim(pcm []int16) []int16 {
	const n = Rate / 100
	peak := -120.0
	for i := 0; i+n <= len(pcm); i += n {
		peak = max(peak, audio.DBFS(audio.RMS(pcm[i:i+n])))
	}
	from, to := -1, 0
	for i := 0; i+n <= len(pcm); i += n {
		if audio.DBFS(audio.RMS(pcm[i:i+n])) > peak-35 {
			if from < 0 {
				from = i
			}
			to = i + n
		}
	}
	if from < 0 {
		return nil
	}
	return pcm[max(0, from-n*3):min(len(pcm), to+n*3)]
}

// Save writes the template as JSON to path, creating its directory.
func (t *Template) Save(path string) error {
	data, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("wakeword: save %s: %w", t.Name, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("wakeword: save %s: %w", t.Name, err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("wakeword: save %s: %w", t.Name, err)
	}
	return nil
}

// Load reads a template saved by [Template.Save].
func Load(path string) (*Template, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("wakeword: load: %w", err)
	}
	var t Template
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("wakeword: load %s: %w", path, err)
	}
	if len(t.Takes) < 3 || len(t.Avg) == 0 {
		return nil, fmt.Errorf("wakeword: load %s: %w", path, ErrTakes)
	}
	return &t, nil
}

package engine

import (
	"fmt"
	"image/color"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/kin-companion/kin/agent/protocol"
)

// debugTools is how many tools, most called first, the F1 stats list.
const debugTools = 8

// runStats is what the F1 panel shows of the session: the run stats and
// the last voice turn's latency, as the last stats and voice-turn events
// said; nil until one did.
type runStats struct {
	run   *protocol.RunStats
	voice *protocol.VoiceTurnPayload
}

// set keeps the run stats p carries.
func (r *runStats) set(p protocol.StatsPayload) {
	if p.Run != nil {
		r.run = p.Run
	}
}

// setVoice keeps the latest voice turn.
func (r *runStats) setVoice(p protocol.VoiceTurnPayload) { r.voice = &p }

// lines is the panel's text: tokens, rounds and turns, the tools most
// called, the voice turn's latency split. A tab starts a line's value,
// drawn in a column. It allocates; F1 only.
func (r *runStats) lines() []string {
	out := []string{"this session"}
	if r.run == nil {
		out = append(out, "  no turn yet")
	} else {
		out = append(out, fmt.Sprintf("  tokens in %d  out %d", r.run.InputTokens, r.run.OutputTokens),
			fmt.Sprintf("  turns %d  rounds %d", r.run.Turns, r.run.Rounds))
		type count struct {
			name string
			n    int
		}
		var cs []count
		for name, n := range r.run.ToolCalls {
			cs = append(cs, count{name, n})
		}
		sort.Slice(cs, func(i, j int) bool {
			if cs[i].n != cs[j].n {
				return cs[i].n > cs[j].n
			}
			return cs[i].name < cs[j].name
		})
		if len(cs) > 0 {
			out = append(out, "  tool calls")
		}
		for i, c := range cs {
			if i == debugTools {
				out = append(out, fmt.Sprintf("    … %d more tools", len(cs)-i))
				break
			}
			out = append(out, fmt.Sprintf("    %s\t%d", c.name, c.n))
		}
	}
	if v := r.voice; v != nil {
		out = append(out, voiceLines(v)...)
	}
	return out
}

// voiceLines is the latency split of one voice turn: the total, then
// kin's stages and the providers' part, each in its column.
func voiceLines(v *protocol.VoiceTurnPayload) []string {
	out := []string{"last voice turn (" + v.Path + ")",
		fmt.Sprintf("  %.0f ms = provider %.0f + kin %.1f", v.TotalMs, v.ProviderMs, v.KinMs)}
	if v.WaitMs > 0 {
		out = append(out, fmt.Sprintf("    end-of-turn wait\t%.0f ms", v.WaitMs))
	}
	for _, st := range []struct {
		name string
		ms   float64
	}{{"capture", v.CaptureMs}, {"aec", v.AECMs}, {"resample", v.ResampleMs}, {"send", v.SendMs},
		{"receive", v.ReceiveMs}, {"decode", v.DecodeMs}, {"play", v.PlayMs},
		{"stt", v.STTMs}, {"llm first token", v.FirstTokenMs}, {"first sentence", v.FirstSentenceMs}, {"tts first audio", v.FirstAudioMs}} {
		if st.ms > 0 || st.name == "play" {
			out = append(out, fmt.Sprintf("    %s\t%.1f ms", st.name, st.ms))
		}
	}
	return out
}

// draw draws the stats box with its top-left corner at (x, y), in
// device-independent pixels times s.
func (r *runStats) draw(dst *ebiten.Image, face text.Face, s, x, y float32) {
	lines := r.lines()
	const lineH, pad, width = 19, 6, 260
	vector.FillRect(dst, x, y, width*s, (float32(len(lines))*lineH+2*pad)*s, color.RGBA{12, 12, 18, 190}, true)
	for i, l := range lines {
		c := color.Color(color.RGBA{190, 200, 220, 255})
		if l != "" && l[0] != ' ' {
			c = color.White
		}
		ly := y + (pad+float32(i)*lineH)*s
		label, value, _ := strings.Cut(l, "\t")
		statText(dst, label, face, x+pad*s, ly, c)
		statText(dst, value, face, x+170*s, ly, c)
	}
}

func statText(dst *ebiten.Image, str string, face text.Face, x, y float32, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(x), float64(y))
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, str, face, op)
}

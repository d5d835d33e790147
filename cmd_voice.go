package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/kin-companion/kin/agent/voice/aec"
	"github.com/kin-companion/kin/agent/voice/audio"
)

const voiceUsage = `usage:
  kin voice devices [--json]
      the microphones and speakers kin can use (the default marked *), by the
      names the settings' microphone and speaker keys, --mic and --speaker take.
  kin voice aec --reference FAR.wav --mic MIC.wav --output OUT.wav [--report]
                [--filter-ms 200] [--max-delay-ms 400] [--suppress-db 40]
      remove from MIC.wav the echo of FAR.wav (what the speaker played over the
      same span of time) with kin's echo canceller, and write OUT.wav, aligned
      with MIC.wav. Both files are mono PCM WAV at 16 or 24 kHz (other rates and
      channel counts are converted to MIC.wav's rate, or 16 kHz); they must last
      equally long. --report prints the delay found and the echo return loss
      enhancement (ERLE) where FAR.wav is playing. --filter-ms takes 1 to 1000,
      --max-delay-ms 0 to 2000, --suppress-db at most 120 (negative: off).
`

// cmdVoice runs `kin voice`.
func cmdVoice(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "devices" {
		return cmdVoiceDevices(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "aec" {
		fmt.Fprint(stderr, voiceUsage)
		return 2
	}
	fs := flag.NewFlagSet("voice aec", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, voiceUsage) }
	far := fs.String("reference", "", "what the speaker played (WAV)")
	mic := fs.String("mic", "", "what the microphone heard (WAV)")
	out := fs.String("output", "", "where to write the microphone without the echo (WAV)")
	report := fs.Bool("report", false, "print the delay and ERLE")
	var cfg aec.Config
	fs.IntVar(&cfg.FilterMs, "filter-ms", 200, "echo tail the adaptive filter models, in ms")
	fs.IntVar(&cfg.MaxDelayMs, "max-delay-ms", 400, "longest playback-to-capture delay searched, in ms")
	fs.Float64Var(&cfg.SuppressDB, "suppress-db", 40, "deepest residual echo suppression, in dB (negative: off)")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 {
		return 2
	}
	if *far == "" || *mic == "" || *out == "" {
		fmt.Fprintln(stderr, "kin voice aec: --reference, --mic and --output are all required")
		fs.Usage()
		return 2
	}
	if problem := aecConfigProblem(cfg); problem != "" {
		fmt.Fprintln(stderr, "kin voice aec:", problem)
		return 2
	}
	if err := runAEC(*far, *mic, *out, cfg, *report, stdout); err != nil {
		fmt.Fprintf(stderr, "kin voice aec: %v\n", err)
		return 1
	}
	return 0
}

// runAEC cancels the echo of the file far in the file mic and writes out.
func runAEC(far, mic, out string, cfg aec.Config, report bool, stdout io.Writer) error {
	m, err := readAECInput(mic, 0)
	if err != nil {
		return err
	}
	r, err := readAECInput(far, m.Rate)
	if err != nil {
		return err
	}
	if d := len(r.Samples) - len(m.Samples); d < -m.Rate/1000 || d > m.Rate/1000 {
		return fmt.Errorf("%s lasts %v but %s lasts %v: the reference and the microphone must cover the same span of time (trim or pad one of them)",
			far, r.Duration(), mic, m.Duration())
	}
	r.Samples = append(r.Samples, make([]int16, max(0, len(m.Samples)-len(r.Samples)))...)[:len(m.Samples)]
	cfg.Rate = m.Rate
	c := aec.New(cfg)
	cleaned := cancelClip(c, m.Samples, r.Samples, m.Rate)
	if err := writeWAVFile(out, audio.Clip{Rate: m.Rate, Samples: cleaned}); err != nil {
		return err
	}
	if report {
		st := c.Stats()
		fmt.Fprintf(stdout, "delay: %v (found: %v)\n", st.Delay, st.DelayFound)
		fmt.Fprintf(stdout, "ERLE where the reference plays: %.1f dB over the whole file, %.1f dB after the first 2 s\n",
			erle(m.Samples, cleaned, r.Samples, m.Rate, 0), erle(m.Samples, cleaned, r.Samples, m.Rate, 2*m.Rate))
	}
	return nil
}

// readAECInput reads a WAV file and converts it to rate; rate 0 keeps 16 and
// 24 kHz and converts anything else to 16 kHz.
func readAECInput(path string, rate int) (audio.Clip, error) {
	f, err := os.Open(path)
	if err != nil {
		return audio.Clip{}, fmt.Errorf("cannot open %s: %w", path, err)
	}
	defer f.Close()
	c, err := audio.ReadWAV(f)
	if err != nil {
		return audio.Clip{}, fmt.Errorf("%s is not a WAV file kin can read (%w); convert it to 16-bit PCM WAV, e.g. with sox", path, err)
	}
	if len(c.Samples) == 0 {
		return audio.Clip{}, fmt.Errorf("%s holds no audio", path)
	}
	if rate == 0 {
		rate = audio.CaptureRate
		if c.Rate == audio.CaptureRate || c.Rate == audio.PlaybackRate {
			rate = c.Rate
		}
	}
	if c, err = audio.Resample(c, rate); err != nil {
		return audio.Clip{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// cancelClip runs the canceller over whole signals in 10 ms frames and returns
// the output lined up with mic (the canceller's latency taken out).
func cancelClip(c *aec.Canceller, mic, ref []int16, rate int) []int16 {
	lag := int(math.Round(c.Latency().Seconds() * float64(rate)))
	frame := rate / 100
	total := (len(mic) + lag + frame - 1) / frame * frame
	pad := func(x []int16) []int16 {
		return append(append(make([]int16, 0, total), x...), make([]int16, total-len(x))...)
	}
	m, r := pad(mic), pad(ref)
	out := make([]int16, 0, total)
	for i := 0; i < total; i += frame {
		out = append(out, c.Process(m[i:i+frame], r[i:i+frame])...)
	}
	return out[lag : lag+len(mic)]
}

// erle is 10·log10 of the microphone's energy over the output's, over the 20 ms
// windows from sample from on where the reference is above −50 dBFS.
func erle(mic, out, ref []int16, rate, from int) float64 {
	w := rate / 50
	var em, eo float64
	for i := from; i+w <= len(mic); i += w {
		if audio.DBFS(audio.RMS(ref[i:i+w])) < -50 {
			continue
		}
		for j := i; j < i+w; j++ {
			em += float64(mic[j]) * float64(mic[j])
			eo += float64(out[j]) * float64(out[j])
		}
	}
	if em == 0 {
		return 0
	}
	return 10 * math.Log10((em+1)/(eo+1))
}

func writeWAVFile(path string, c audio.Clip) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := audio.WriteWAV(f, c); err != nil {
		f.Close()
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// The ranges kin voice aec takes: an echo tail and a delay a room and a
// sound card give (a delay of seconds would hold gigabytes of search), and
// a suppression that leaves speech a number.
const (
	maxFilterMs, maxDelayMs = 1000, 2000
	maxSuppressDB           = 120
)

// aecConfigProblem says what is wrong with cfg's flags, or "".
func aecConfigProblem(cfg aec.Config) string {
	switch {
	case !(cfg.FilterMs >= 1 && cfg.FilterMs <= maxFilterMs):
		return fmt.Sprintf("bad --filter-ms %d (want 1 to %d)", cfg.FilterMs, maxFilterMs)
	case !(cfg.MaxDelayMs >= 0 && cfg.MaxDelayMs <= maxDelayMs):
		return fmt.Sprintf("bad --max-delay-ms %d (want 0 to %d)", cfg.MaxDelayMs, maxDelayMs)
	case math.IsNaN(cfg.SuppressDB) || cfg.SuppressDB > maxSuppressDB:
		return fmt.Sprintf("bad --suppress-db %v (want at most %d; negative turns suppression off)", cfg.SuppressDB, maxSuppressDB)
	}
	return ""
}

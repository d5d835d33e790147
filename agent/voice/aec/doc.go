// Package aec is kin's acoustic echo canceller: it removes from the microphone
// what kin's own speaker put there, so kin can listen while it talks on open
// speakers. It is pure Go and needs no sound card.
//
// A [Canceller] takes the microphone and the far-end reference (what was played,
// at the same rate) frame by frame and returns the microphone with the echo
// removed. Inside, in order:
//
//   - a delay estimator (GCC-PHAT over block spectra) finds the bulk delay
//     between playback and capture, 0 to [Config.MaxDelayMs], and lines the
//     reference up so the filter only has to model the room's tail;
//   - a partitioned-block frequency-domain adaptive filter (MDF, as in speexdsp)
//     of [Config.FilterMs] models the echo path. Its step size follows the
//     estimated residual echo per frequency bin, and it runs as two filters: a
//     background one that adapts and a foreground one that produces the output
//     and only takes the background's coefficients while they do better. Both
//     keep the filter from learning the user's voice during double talk;
//   - a residual echo suppressor removes, bin by bin, the echo the linear filter
//     cannot (misadjustment, the tail beyond the filter, the speaker's
//     distortion), down to [Config.SuppressDB], leaving bins where the user's
//     voice dominates alone.
//
// The canceller works in blocks of 4 ms (a power of two of samples: 64 at
// 16 kHz, 128 at 24 kHz) whatever the frame length, which costs one block of
// latency for framing and one for the suppressor's overlap-add: 8 ms at 16 kHz.
// Its FFT is the small radix-2 real FFT in this package.
//
// [Echo] wires a canceller into kin's microphone path: a [Reference] collects
// what the speaker actually took, and the level-based audio.EchoGate stays behind
// the canceller as the fallback, told how much echo the canceller still lets
// through.
package aec

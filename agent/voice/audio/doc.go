// Package audio holds kin's pure-Go audio core: 16-bit mono PCM helpers, WAV files,
// a streaming polyphase resampler ([Resampler]), the playback queue ([Player]) that
// counts what the device has actually taken — positions for truncating an interrupted
// reply and RMS levels for lip-sync — and [EchoGate], level-based microphone ducking
// that still lets a real barge-in through.
//
// All PCM is mono signed 16-bit at an explicit sample rate: capture runs at
// [CaptureRate] (16 kHz), playback at [PlaybackRate] (24 kHz).
package audio

// Package device is the only part of kin that touches sound cards, and the only
// importer of malgo (miniaudio, cgo). It captures the microphone — 16 kHz mono
// s16 in 20 ms frames — and plays an [audio.Player] on the speaker at 24 kHz
// mono s16, each on the device the settings name (part of a name will do,
// [Pick]) or the system's default. [Microphones] and [Speakers] list the
// devices. A [Speaker] can change device while kin talks; a speaker that is
// not there falls back to the default with a sentence saying so
// ([FallbackNotice]). With no sound card, opening fails with an error wrapping
// [ErrNoDevice]; callers say so on screen and go on text-only. Tests run on
// miniaudio's null backend, ALSA's null device and a private PulseAudio server
// with null sinks.
package device

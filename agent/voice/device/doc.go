// Package device is the only part of kin that touches sound cards, and the only
// importer of malgo (miniaudio, cgo) and oto. It captures the microphone with malgo
// — 16 kHz mono s16 in 20 ms frames, device chosen by name — and plays an
// [audio.Player] through oto at 24 kHz mono s16. With no sound card, opening fails
// with an error wrapping [ErrNoDevice]; callers say so on screen and go on
// text-only. Tests run on miniaudio's null backend.
package device

// Package voice is kin's speech stack. It holds no code of its own; the work is in
// its subpackages:
//
//   - audio: PCM, WAV, the polyphase resampler, the playback queue that knows what
//     was actually played (positions, RMS levels for lip-sync) and level-based echo
//     gating;
//   - vad: an energy voice-activity detector and utterance segmenter;
//   - turn: turn-taking — backchannels ("mhm") duck kin, real speech stops it —
//     and the cascade's end-of-utterance heuristic;
//   - wakeword: MFCC features and DTW matching against recorded templates;
//   - realtime: the provider-neutral realtime session (barge-in, tools, reconnect),
//     with the OpenAI Realtime and Gemini Live clients and their fake servers below it;
//   - cascade: VAD → speech-to-text → a text runtime → text-to-speech;
//   - espeak: the offline espeak-ng voice;
//   - device: the only package that touches sound cards (malgo capture and playback).
//
// Everything but device is pure Go and tests with no sound card. See docs/voice.md.
package voice

// Package turn decides who holds the floor in a spoken conversation.
//
// [BargeIn] listens to the (echo-cancelled) microphone while kin speaks and tells
// a backchannel — "mhm", "yeah", "ok", a short laugh or a cough, sounds a listener
// makes without wanting the turn — from a real interruption. Any voice ducks kin's
// volume at once; only speech that goes on stops kin. [EndOfUtterance] is the
// cascade path's end-of-turn heuristic: silence alone does not end a turn when the
// words so far are plainly unfinished ("and…", "I want to").
//
// Time is counted in samples, so decisions do not depend on the wall clock.
package turn

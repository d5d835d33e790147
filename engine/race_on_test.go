//go:build race

package engine

// raceEnabled is set when the tests run with -race, which slows the code
// too much for timing limits to mean anything.
const raceEnabled = true

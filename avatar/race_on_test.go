//go:build race

package avatar

// raceEnabled: the race detector makes pixel loops many times slower.
const raceEnabled = true

//go:build race

package cascade

// raceEnabled: the race detector slows kin's stages several times over, so
// timing budgets are reported, not asserted.
const raceEnabled = true

//go:build !race

package gemini_test

const raceEnabled = false

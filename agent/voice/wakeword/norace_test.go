//go:build !race

package wakeword

const raceEnabled = false

//go:build race

package wakeword

const raceEnabled = true

package identity

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

// PassphraseEnv is the environment variable a script sets to give the wallet's
// passphrase without a terminal.
const PassphraseEnv = "KIN_WALLET_PASSPHRASE"

// ErrNoPassphrase is returned when no passphrase could be had.
var ErrNoPassphrase = errors.New("identity: no passphrase: type it when asked in a terminal, or set " + PassphraseEnv + " for scripts")

// PassphraseSource reads the wallet's passphrase: from the environment variable
// [PassphraseEnv] when set, else from the terminal In (echo off), prompting on Out.
// The desktop keyring is not used. The zero value reads the process's environment and
// its standard input and error.
type PassphraseSource struct {
	Getenv func(string) string // default os.Getenv
	In     *os.File            // default os.Stdin; must be a terminal
	Out    io.Writer           // default os.Stderr: the prompt
}

// Read returns the passphrase. With confirm (a new key), a typed passphrase is asked
// twice and must match; an empty one is refused.
func (s PassphraseSource) Read(prompt string, confirm bool) (string, error) {
	getenv, in, out := s.Getenv, s.In, s.Out
	if getenv == nil {
		getenv = os.Getenv
	}
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stderr
	}
	if p := getenv(PassphraseEnv); p != "" {
		return p, nil
	}
	if !term.IsTerminal(int(in.Fd())) {
		return "", ErrNoPassphrase
	}
	p, err := readHidden(in, out, prompt)
	if err != nil || !confirm {
		return p, err
	}
	again, err := readHidden(in, out, "again: ")
	if err != nil {
		return "", err
	}
	if again != p {
		return "", errors.New("identity: the two passphrases differ; nothing was changed")
	}
	return p, nil
}

func readHidden(in *os.File, out io.Writer, prompt string) (string, error) {
	fmt.Fprint(out, prompt)
	b, err := term.ReadPassword(int(in.Fd()))
	fmt.Fprintln(out)
	if err != nil {
		return "", fmt.Errorf("identity: could not read the passphrase from the terminal: %w", err)
	}
	if len(b) == 0 {
		return "", ErrNoPassphrase
	}
	return string(b), nil
}

// ReadSecretLine reads one line from r (a private key piped to `wallet import`), without
// its line ending.
func ReadSecretLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	return strings.TrimSpace(line), nil
}

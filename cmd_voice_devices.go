package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/kin-companion/kin/agent/voice/device"
)

// audioDevices is what `kin voice devices --json` prints.
type audioDevices struct {
	Microphones []audioDevice `json:"microphones"`
	Speakers    []audioDevice `json:"speakers"`
	// Errors says why a list could not be had (no sound card), by kind.
	Errors map[string]string `json:"errors,omitempty"`
}

type audioDevice struct {
	Name    string `json:"name"`
	Default bool   `json:"default,omitempty"`
}

// cmdVoiceDevices implements `kin voice devices [--json]`: the microphones
// and speakers kin can use, by the names the settings' microphone and
// speaker keys (and --mic, --speaker) take. It exits 1 only when neither
// list could be had.
func cmdVoiceDevices(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("voice devices", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprint(stderr, voiceUsage)
		return 2
	}
	mics, micErr := device.Microphones(false)
	spks, spkErr := device.Speakers(false)
	d := listedDevices(mics, spks, micErr, spkErr)
	var err error
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(d)
	} else {
		err = d.writeText(stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kin voice devices:", err)
		return 1
	}
	if micErr != nil && spkErr != nil {
		return 1
	}
	return 0
}

// listedDevices gathers both lists and why either is missing.
func listedDevices(mics, spks []device.Info, micErr, spkErr error) audioDevices {
	d := audioDevices{Microphones: toAudioDevices(mics), Speakers: toAudioDevices(spks)}
	for kind, err := range map[string]error{"microphones": micErr, "speakers": spkErr} {
		if err != nil {
			if d.Errors == nil {
				d.Errors = map[string]string{}
			}
			d.Errors[kind] = err.Error()
		}
	}
	return d
}

func toAudioDevices(infos []device.Info) []audioDevice {
	out := make([]audioDevice, len(infos))
	for i, in := range infos {
		out[i] = audioDevice{Name: in.Name, Default: in.Default}
	}
	return out
}

// writeText prints both lists, the default marked, and how to choose one.
func (d audioDevices) writeText(w io.Writer) error {
	var errs []error
	for _, k := range []struct {
		title, key string
		devs       []audioDevice
	}{{"Microphones", "microphones", d.Microphones}, {"Speakers", "speakers", d.Speakers}} {
		_, err := fmt.Fprintf(w, "%s:\n", k.title)
		errs = append(errs, err)
		if why, ok := d.Errors[k.key]; ok {
			_, err = fmt.Fprintf(w, "  none listed: %s\n", why)
			errs = append(errs, err)
			continue
		}
		if len(k.devs) == 0 {
			_, err = fmt.Fprintln(w, "  none")
			errs = append(errs, err)
		}
		for _, dev := range k.devs {
			mark := " "
			if dev.Default {
				mark = "*"
			}
			_, err = fmt.Fprintf(w, "%s %s\n", mark, dev.Name)
			errs = append(errs, err)
		}
	}
	_, err := fmt.Fprintln(w, "* the system's default. Choose with: kin settings set microphone|speaker NAME (part of a name will do), or --mic/--speaker for one run.")
	errs = append(errs, err)
	return errors.Join(errs...)
}

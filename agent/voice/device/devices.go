package device

/*
#include <stdlib.h>
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/gen2brain/malgo"
)

// Microphones lists the capture devices (null: miniaudio's null backend).
func Microphones(null bool) ([]Info, error) { return listKind(malgo.Capture, null) }

// Speakers lists the playback devices (null: miniaudio's null backend).
func Speakers(null bool) ([]Info, error) { return listKind(malgo.Playback, null) }

func listKind(kind malgo.DeviceType, null bool) ([]Info, error) {
	ctx, err := initContext(null)
	if err != nil {
		return nil, err
	}
	defer func() { ctx.Uninit(); ctx.Free() }()
	devs, _, err := list(ctx, kind)
	return devs, err
}

// list enumerates the devices of one kind, with their miniaudio ids.
func list(ctx *malgo.AllocatedContext, kind malgo.DeviceType) ([]Info, []malgo.DeviceID, error) {
	infos, err := ctx.Devices(kind)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: list %s: %v", ErrNoDevice, kindName(kind), err)
	}
	devs := make([]Info, len(infos))
	ids := make([]malgo.DeviceID, len(infos))
	for i, d := range infos {
		devs[i] = Info{Name: d.Name(), Default: d.IsDefault != 0}
		ids[i] = d.ID
	}
	return devs, ids, nil
}

func kindName(kind malgo.DeviceType) string {
	if kind == malgo.Capture {
		return "microphone"
	}
	return "speaker"
}

// find resolves want (a name or part of one, [Pick]) to the device's name and
// its id in C memory for a DeviceConfig, which free releases once the device
// is initialised. want "" is the default device: a nil id, and its name when
// the system says which it is.
func find(ctx *malgo.AllocatedContext, kind malgo.DeviceType, want string) (name string, id unsafe.Pointer, free func(), err error) {
	devs, ids, err := list(ctx, kind)
	if want == "" {
		for _, d := range devs {
			if d.Default {
				return d.Name, nil, func() {}, nil
			}
		}
		return "", nil, func() {}, nil // a default with no name is still a default
	}
	if err != nil {
		return "", nil, nil, err
	}
	i, err := Pick(kindName(kind), want, devs)
	if err != nil {
		return "", nil, nil, err
	}
	id = ids[i].Pointer() // C.CBytes: miniaudio keeps no reference after init
	return devs[i].Name, id, func() { C.free(id) }, nil
}

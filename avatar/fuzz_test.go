package avatar

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fuzzHang is how long one FuzzLoad input may run before it counts as a hang.
const fuzzHang = 10 * time.Second

// FuzzLoad feeds arbitrary bytes to the loader, seeded with the small real
// models and the hostile corpus; it must return a model or an error, never panic or hang.
func FuzzLoad(f *testing.F) {
	dir := filepath.Dir(sharedAsset(f, "BoxTextured.glb"))
	for _, name := range []string{"BoxTextured.glb", "SimpleSkin.glb", "SimpleSkin.gltf", "AnimatedMorphCube.glb",
		"RiggedSimple.glb", "BoxMeshopt.glb", "vrm0-blenderaddon-modifier_shapekey_vrm0.vrm", "vrm1-VRMC_vrm_expressions_isBinary_Overrides.vrm"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(triangleGLTF(dataURI(triangleBuffer(0, 1, 2)), "")))
	for _, data := range hostileFiles() { // each lies in one way; mutations try the next
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// A hang is a finding too: the fuzzer keeps an input whose worker panics, but
		// one that only runs forever would pass unseen when -fuzztime ends.
		watchdog := time.AfterFunc(fuzzHang, func() { panic(fmt.Sprintf("FuzzLoad: %d-byte input still running after %v", len(data), fuzzHang)) })
		defer watchdog.Stop()
		m, err := LoadReader(bytes.NewReader(data), "fuzz.glb")
		if err != nil {
			return
		}
		p := NewPose(m)
		for _, c := range m.Clips {
			c.Sample(c.Duration/2, p, 1)
		}
		p.Update()
		m.Summarize()
	})
}

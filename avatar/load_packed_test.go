package avatar

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kin-companion/kin/internal/npmtest"
)

// packed compresses a shared avatar with gltfpack -cc (meshopt
// compression with quantized attributes, the reference encoder, from npm)
// and returns the compressed file.
func packed(tb testing.TB, name string) string {
	tb.Helper()
	src := sharedAsset(tb, name)
	mods := npmtest.Modules(tb, "gltfpack@1.3.0")
	out := filepath.Join(tb.TempDir(), strings.TrimSuffix(name, ".glb")+"-cc.glb")
	cmd := exec.Command("node", filepath.Join(mods, "gltfpack", "cli.js"), "-i", src, "-o", out, "-cc")
	if msg, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("gltfpack %s: %v\n%s", name, err, msg)
	}
	return out
}

// TestLoadPackedAvatars loads whole avatars as gltfpack compresses them:
// the same skin, morph targets and triangles as the originals.
func TestLoadPackedAvatars(t *testing.T) {
	for _, name := range []string{"rpm-visage-male.glb", "talkinghead-brunette-t.glb"} {
		t.Run(name, func(t *testing.T) {
			orig, err := Load(sharedAsset(t, name))
			if err != nil {
				t.Fatal(err)
			}
			m, err := Load(packed(t, name))
			if err != nil {
				t.Fatal(err)
			}
			if m.Stats.Triangles != orig.Stats.Triangles || len(m.Skins) != len(orig.Skins) || !m.Humanoid.IsHumanoid() {
				t.Errorf("packed: %d triangles, %d skins, humanoid %v; original %d, %d",
					m.Stats.Triangles, len(m.Skins), m.Humanoid.IsHumanoid(), orig.Stats.Triangles, len(orig.Skins))
			}
			if a, b := allTargetNames(m), allTargetNames(orig); a != b {
				t.Errorf("packed morph targets differ from the original's:\n%.300s\n%.300s", a, b)
			}
		})
	}
}

// allTargetNames lists the distinct morph target names of m, sorted
// (gltfpack merges meshes, so their order and number change).
func allTargetNames(m *Model) string {
	var names []string
	for _, me := range m.Meshes {
		names = append(names, me.TargetNames...)
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ",")
}

// BenchmarkLoadCompressed loads gltfpack -cc avatars: meshopt decoding,
// dequantization, JPEG textures, skin and morph targets. MB/s is of the
// compressed file; 300 ms for a 10 MB file is 33 MB/s.
func BenchmarkLoadCompressed(b *testing.B) {
	for _, name := range []string{"rpm-visage-male.glb", "talkinghead-brunette-t.glb"} {
		b.Run(strings.TrimSuffix(name, ".glb"), func(b *testing.B) {
			path := packed(b, name)
			st, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(st.Size())
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, err := Load(path); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

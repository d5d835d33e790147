package avatar

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/kin-companion/kin/internal/npmtest"
	"golang.org/x/image/draw"
)

// bigAvatar is a ~10 MB compressed avatar of the kind users bring: the Ready
// Player Me visage avatar as that service exports it with
// textureSizeLimit=4096 (each texture four times the side of the 1024 px
// default; here its own textures upscaled and saved as JPEG at quality 85),
// then compressed with gltfpack -cc, which keeps the JPEGs as they are.
// Making it takes seconds, so it is kept in the temporary folder, like
// npmtest's packages, and made again only when missing.
func bigAvatar(tb testing.TB) string {
	tb.Helper()
	path := filepath.Join(os.TempDir(), "kin-big-avatar-v1.glb")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp, err := makeBigAvatar(tb, tb.TempDir())
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		tb.Fatalf("making the 10 MB avatar: %v", err)
	}
	return path
}

func makeBigAvatar(tb testing.TB, dir string) (string, error) {
	src := sharedAsset(tb, "rpm-visage-male.glb")
	mods := npmtest.Modules(tb, "gltfpack@1.3.0")
	data, err := os.ReadFile(src)
	if err != nil {
		return "", err
	}
	up, err := upscaleGLBImages(data, 4)
	if err != nil {
		return "", err
	}
	in, out := filepath.Join(dir, "visage-4k.glb"), filepath.Join(dir, "visage-4k-cc.glb")
	if err := os.WriteFile(in, up, 0o600); err != nil {
		return "", err
	}
	cmd := exec.Command("node", filepath.Join(mods, "gltfpack", "cli.js"), "-i", in, "-o", out, "-cc")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", &plainError{"gltfpack: " + string(msg), err}
	}
	return out, nil
}

// upscaleGLBImages rewrites a GLB whose images are JPEGs in bufferViews,
// each image scaled by k (bilinear) and saved at quality 85; the new images
// are appended to the binary chunk and their views repointed.
func upscaleGLBImages(glb []byte, k int) ([]byte, error) {
	jlen := binary.LittleEndian.Uint32(glb[12:])
	var doc map[string]any
	if err := json.Unmarshal(glb[20:20+jlen], &doc); err != nil {
		return nil, err
	}
	bin := bytes.Clone(glb[20+jlen+8:])
	views := doc["bufferViews"].([]any)
	for _, im := range doc["images"].([]any) {
		im := im.(map[string]any)
		v := views[int(im["bufferView"].(float64))].(map[string]any)
		off, _ := v["byteOffset"].(float64)
		n := v["byteLength"].(float64)
		img, err := jpeg.Decode(bytes.NewReader(bin[int(off) : int(off)+int(n)]))
		if err != nil {
			return nil, err
		}
		b := img.Bounds()
		dst := image.NewRGBA(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
		draw.BiLinear.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 85}); err != nil {
			return nil, err
		}
		for len(bin)%4 != 0 {
			bin = append(bin, 0)
		}
		views = append(views, map[string]any{"buffer": 0, "byteOffset": len(bin), "byteLength": buf.Len()})
		im["bufferView"] = len(views) - 1
		bin = append(bin, buf.Bytes()...)
	}
	for len(bin)%4 != 0 {
		bin = append(bin, 0)
	}
	doc["bufferViews"] = views
	doc["buffers"].([]any)[0].(map[string]any)["byteLength"] = len(bin)
	js, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	var out bytes.Buffer
	w := func(v ...uint32) { binary.Write(&out, binary.LittleEndian, v) }
	w(0x46546C67, 2, uint32(12+8+len(js)+8+len(bin)))
	w(uint32(len(js)), chunkJSON)
	out.Write(js)
	w(uint32(len(bin)), chunkBIN)
	out.Write(bin)
	return out.Bytes(), nil
}

// TestLoadBigAvatar loads the 10 MB avatar: its drawn textures decoded at
// most at the size the renderer uploads.
func TestLoadBigAvatar(t *testing.T) {
	if raceEnabled {
		// Making the file (15 textures enlarged to 4096 px and encoded) takes
		// two minutes under the race detector; BenchmarkLoadBig and a plain
		// go test ./avatar run it.
		t.Skip("the 10 MB avatar is made without the race detector")
	}
	path := bigAvatar(t)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() < 9<<20 || st.Size() > 12<<20 {
		t.Errorf("big avatar is %.1f MB; want about 10", float64(st.Size())/(1<<20))
	}
	m, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, tex := range m.Textures {
		if tex.Image != nil {
			drawn++
		}
	}
	if drawn < 8 || !m.Humanoid.IsHumanoid() {
		t.Errorf("%d drawn textures decoded, humanoid %v; want 8 and true", drawn, m.Humanoid.IsHumanoid())
	}
}

// BenchmarkLoadBig loads the ~10 MB compressed avatar (see bigAvatar); the
// target is 300 ms of wall time on two cores. ns/op is wall time; cpu-ns/op
// the CPU time of all the cores used.
func BenchmarkLoadBig(b *testing.B) {
	path := bigAvatar(b)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	start, wall := cpuTime(), time.Now()
	for b.Loop() {
		if _, err := Load(path); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
	b.ReportMetric(float64(time.Since(wall).Milliseconds())/float64(b.N), "wall-ms/op")
}

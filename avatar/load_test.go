package avatar

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// manifestRow holds the counts MANIFEST.tsv states for one asset.
type manifestRow struct {
	file                                 string
	verts, tris, prims, textures, joints int
	anims                                int
	counted                              bool // the row states counts (some rows only describe the file)
}

var (
	reCount  = regexp.MustCompile(`\b(verts|tris|prims|textures|anims)=(\d+)`)
	reJoints = regexp.MustCompile(`joints=\[(\d+)\]`)
)

func readManifest(t *testing.T) []manifestRow {
	t.Helper()
	f, err := os.Open(filepath.Join(filepath.Dir(sharedAsset(t, "MANIFEST.tsv")), "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []manifestRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 8 || !strings.Contains(cols[1], ".gl") && !strings.HasSuffix(cols[1], ".vrm") {
			continue
		}
		r := manifestRow{file: cols[1], counted: strings.Contains(cols[7], "verts=")}
		for _, m := range reCount.FindAllStringSubmatch(cols[7], -1) {
			n, _ := strconv.Atoi(m[2])
			switch m[1] {
			case "verts":
				r.verts = n
			case "tris":
				r.tris = n
			case "prims":
				r.prims = n
			case "textures":
				r.textures = n
			case "anims":
				r.anims = n
			}
		}
		if m := reJoints.FindStringSubmatch(cols[7]); m != nil {
			r.joints, _ = strconv.Atoi(m[1])
		}
		rows = append(rows, r)
	}
	if len(rows) < 15 {
		t.Fatalf("MANIFEST.tsv: only %d model rows", len(rows))
	}
	return rows
}

// TestLoadSharedAssets loads every model in ../shared/assets and checks its
// counts against MANIFEST.tsv.
func TestLoadSharedAssets(t *testing.T) {
	for _, row := range readManifest(t) {
		t.Run(row.file, func(t *testing.T) {
			m, err := Load(sharedAsset(t, row.file))
			if errors.Is(err, ErrUnsupportedExtension) {
				t.Skipf("refused: %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			s := m.Stats
			got := manifestRow{row.file, s.Vertices, s.Triangles, s.Primitives, s.Textures, s.Joints, len(m.Clips), row.counted}
			if row.counted && got != row {
				t.Errorf("counts %+v, manifest says %+v", got, row)
			}
			p := NewPose(m)
			for i := 0; i < 3; i++ {
				if p.Min[i] > p.Max[i] || p.Min[i] != p.Min[i] {
					t.Errorf("bad bounds %v %v", p.Min, p.Max)
				}
			}
		})
	}
}

func TestLoadFormats(t *testing.T) {
	cases := map[string]Format{
		"BoxTextured.glb":               FormatGLB,
		"SimpleSkin.gltf":               FormatGLTF,
		"vrm0-cryptovoxels.vrm":         FormatVRM0,
		"vrm1-blenderaddon-Example.vrm": FormatVRM1,
	}
	for name, want := range cases {
		m, err := Load(sharedAsset(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if m.Format != want {
			t.Errorf("%s: format %q, want %q", name, m.Format, want)
		}
	}
}

// TestLoadReaderAndFS loads the same file three ways and expects the same
// model.
func TestLoadReaderAndFS(t *testing.T) {
	path := sharedAsset(t, "CesiumMan.glb")
	a, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := LoadReader(f, "CesiumMan.glb")
	if err != nil {
		t.Fatal(err)
	}
	c, err := LoadFS(os.DirFS(filepath.Dir(path)), "CesiumMan.glb")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*Model{b, c} {
		if m.Stats != a.Stats || len(m.Meshes[0].Primitives[0].Positions) != len(a.Meshes[0].Primitives[0].Positions) {
			t.Errorf("stats differ: %+v vs %+v", m.Stats, a.Stats)
		}
		if m.Textures[0].Image == nil {
			t.Error("texture not decoded")
		}
		img, err := DecodeImage(m.Textures[0].Data, "image/jpeg")
		if err != nil {
			t.Fatalf("texture file kept with the model: %v", err)
		}
		if img.Bounds() != m.Textures[0].Image.Bounds() {
			t.Errorf("kept file decodes to %v, the image is %v", img.Bounds(), m.Textures[0].Image.Bounds())
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestSpringContracts: kin inspect --json counts a character's spring bones
// and kin simulate --json reports how far they swing.
func TestSpringContracts(t *testing.T) {
	model := filepath.Join("avatar", "testdata", "vrm0-springs.gltf")
	var out, errb bytes.Buffer
	if code := run([]string{"inspect", model, "--json"}, &out, &errb); code != 0 {
		t.Fatalf("inspect: %d %s", code, errb.String())
	}
	var in struct {
		SpringBones struct{ Springs, Joints, Colliders int } `json:"springBones"`
	}
	if err := json.Unmarshal(out.Bytes(), &in); err != nil || in.SpringBones.Joints == 0 || in.SpringBones.Colliders == 0 {
		t.Fatalf("springBones %+v %v", in.SpringBones, err)
	}
	events := filepath.Join(t.TempDir(), "e.jsonl")
	os.WriteFile(events, []byte(`{"t":0.1,"type":"gesture","payload":{"name":"nod"}}`+"\n"), 0o600)
	out.Reset()
	if code := run([]string{"simulate", "--model", model, "--events", events, "--seconds", "1", "--json"}, &out, &errb); code != 0 {
		t.Fatalf("simulate: %d %s", code, errb.String())
	}
	var st struct {
		Springs struct {
			Joints     int     `json:"joints"`
			MaxOffsetM float64 `json:"maxOffsetM"`
		} `json:"springs"`
	}
	if err := json.Unmarshal(out.Bytes(), &st); err != nil || st.Springs.Joints != in.SpringBones.Joints || st.Springs.MaxOffsetM <= 0 {
		t.Errorf("springs %+v %v", st.Springs, err)
	}
}

package ipfs

import (
	"encoding/json"
	"github.com/kin-companion/kin/internal/npmtest"
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// pattern is the content cids.mjs fills a file of size with.
func pattern(size int) []byte {
	b := make([]byte, size)
	for i := range b {
		b[i] = byte(i*31 + 7)
	}
	return b
}

func goldenCIDs(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("testdata/cids.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	return want
}

// TestFileCIDGolden compares with the CIDs js-ipfs-unixfs-importer computed (kept in
// testdata/cids.json): one raw block, two leaves, a full node of 174 leaves and a
// second level.
func TestFileCIDGolden(t *testing.T) {
	for size, want := range goldenCIDs(t) {
		n, _ := strconv.Atoi(size)
		if got := FileCID(pattern(n)).String(); got != want {
			t.Errorf("FileCID(%d bytes) = %s, want %s", n, got, want)
		}
	}
}

// TestFileCIDMatchesJS runs the independent implementation itself where node and the
// npm packages are (NODE_MODULES names their folder), on sizes not in the golden file.
func TestFileCIDMatchesJS(t *testing.T) {
	mods := npmtest.Modules(t, "ipfs-unixfs-importer@15.3.1", "blockstore-core@5.0.2")
	sizes := []string{"2", "524288", "524289", "9999999"}
	cmd := exec.Command("node", append([]string{"testdata/cids.mjs"}, sizes...)...)
	cmd.Env = append(os.Environ(), "NODE_MODULES="+mods)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want map[string]string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for _, size := range sizes {
		n, _ := strconv.Atoi(size)
		if got := FileCID(pattern(n)).String(); got != want[size] {
			t.Errorf("FileCID(%d bytes) = %s, js says %s", n, got, want[size])
		}
	}
}

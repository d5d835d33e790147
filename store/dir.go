package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// markerFile marks a directory as a kin store.
const markerFile = "KIN-STORE"

// markerFormat is the format name inside markerFile.
const markerFormat = "kin-store"

// marker is the content of markerFile. Schema repeats the schema version stored in
// Badger so that a newer kin's data is refused before Badger opens (and rewrites) it.
type marker struct {
	Format  string `json:"format"`
	AgentID string `json:"agentId"`
	Schema  uint64 `json:"schema"`
}

// prepareDir makes sure dir is a kin store directory (creating it when missing or
// empty) without touching anything that is not kin's, and returns its marker.
func prepareDir(dir, agentID string) (marker, error) {
	fresh := marker{Format: markerFormat, AgentID: agentID, Schema: SchemaVersion()}
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return marker{}, mapErr("create "+dir, err)
		}
		return fresh, writeMarker(dir, fresh)
	case err != nil:
		return marker{}, fmt.Errorf("store: %w", err)
	case !fi.IsDir():
		return marker{}, fmt.Errorf("%w: %s is a file, not a directory", ErrForeign, dir)
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		return marker{}, fmt.Errorf("store: %w", err)
	}
	names := make([]string, 0, len(des))
	for _, de := range des {
		if de.Name() == markerFile+".tmp" {
			// A crash while writing the marker left kin's own temporary file.
			if err := os.Remove(filepath.Join(dir, de.Name())); err != nil {
				return marker{}, mapErr("remove an unfinished marker", err)
			}
			continue
		}
		names = append(names, de.Name())
	}
	if len(names) == 0 {
		return fresh, writeMarker(dir, fresh)
	}
	return checkMarker(dir, names)
}

// checkMarker checks that a non-empty dir carries kin's marker, of a schema this kin
// reads, and Badger's manifest.
func checkMarker(dir string, names []string) (marker, error) {
	var m marker
	data, err := os.ReadFile(filepath.Join(dir, markerFile))
	if errors.Is(err, fs.ErrNotExist) {
		shown := names[:min(len(names), 3)]
		return m, fmt.Errorf("%w: %s holds files kin did not write (%s…) and no %s marker; "+
			"use another --data directory", ErrForeign, dir, strings.Join(shown, ", "), markerFile)
	}
	if err != nil {
		return m, fmt.Errorf("store: %w", err)
	}
	if json.Unmarshal(data, &m) != nil || m.Format != markerFormat {
		return m, fmt.Errorf("%w: %s: %s is not kin's marker", ErrForeign, dir, markerFile)
	}
	if m.Schema > SchemaVersion() {
		return m, fmt.Errorf("%w: schema %d, this kin reads up to %d; update kin", ErrNewerSchema, m.Schema, SchemaVersion())
	}
	hasManifest, hasData := false, false
	for _, n := range names {
		hasManifest = hasManifest || n == "MANIFEST"
		hasData = hasData || strings.HasSuffix(n, ".sst") || strings.HasSuffix(n, ".vlog")
	}
	if hasData && !hasManifest {
		return m, fmt.Errorf("%w: %s has data files but no MANIFEST", ErrCorrupt, dir)
	}
	return m, nil
}

// writeMarker writes the marker atomically: temporary file, sync, rename, sync dir.
func writeMarker(dir string, m marker) error {
	data, _ := json.Marshal(m)
	tmp := filepath.Join(dir, markerFile+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return mapErr("write marker", err)
	}
	_, err = f.Write(append(data, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, markerFile))
	}
	if err != nil {
		os.Remove(tmp)
		return mapErr("write marker", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

package engine

import (
	"fmt"
	"io/fs"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/avatar"
)

// clipDrop is a dropped VRM animation, read and retargeted onto the shown
// model off the game loop.
type clipDrop struct {
	name  string        // the file dropped
	src   *avatar.Model // the animation as read, kept for later models
	clips []*avatar.Clip
	err   error
}

// clipDrops carries dropped animations to Update, one at a time.
type clipDrops struct {
	results chan clipDrop
	busy    bool
	srcs    []*avatar.Model // Options.ClipSources, then each animation dropped
}

// dropClip reads the VRM animation name from fsys in a goroutine and
// retargets it onto the shown model; pollClipDrop plays it when ready.
func (g *Game) dropClip(fsys fs.FS, name string) {
	if g.drops.busy {
		g.ui.showError(g.now(), fmt.Errorf("engine: %s: still reading the previous animation", name))
		return
	}
	if g.drops.results == nil {
		g.drops.results = make(chan clipDrop, 1)
	}
	g.drops.busy = true
	dst := g.scene.Model
	go func() {
		res := clipDrop{name: name}
		res.src, res.err = avatar.LoadClipSource(fsys, name)
		if res.err == nil {
			res.clips, res.err = avatar.RetargetAll([]*avatar.Model{res.src}, dst)
		}
		g.drops.results <- res
	}()
	g.emit(protocol.LoadStartPayload{URI: name})
}

// pollClipDrop adds a finished dropped animation to the character and
// plays it once; the animation also goes to every model dropped later.
func (g *Game) pollClipDrop() {
	if !g.drops.busy {
		return
	}
	var res clipDrop
	select {
	case res = <-g.drops.results:
	default:
		return
	}
	g.drops.busy = false
	if res.err == nil && len(res.clips) == 0 {
		res.err = fmt.Errorf("engine: %s: no animation that fits this character", res.name)
	}
	if res.err != nil {
		g.ui.showError(g.now(), fmt.Errorf("could not play %s: %w", res.name, res.err))
		g.emit(protocol.LoadEndPayload{URI: res.name, Error: res.err.Error()})
		return
	}
	g.drops.srcs = append(g.drops.srcs, res.src)
	c := g.scene.Char
	c.AddClips(res.clips...)
	if err := c.PlayGesture(res.clips[0].Name, 0); err != nil {
		g.ui.showError(g.now(), err)
	}
	g.emit(protocol.LoadEndPayload{URI: res.name})
}

// clipsFor retargets the clip sources (--clips, the manifest's slot files,
// dropped animations) onto m; those that fit nothing of m are left out.
func clipsFor(srcs []*avatar.Model, m *avatar.Model) []*avatar.Clip {
	if len(srcs) == 0 {
		return nil
	}
	clips, _ := avatar.RetargetAll(srcs, m)
	return clips
}

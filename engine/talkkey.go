package engine

import "context"

// talk passes the talk key going down or up to the voice path and lights
// the glow while it is held.
func (g *Game) talk(down bool) {
	g.amb.glow.held = down
	if g.opts.PushToTalk != nil {
		g.opts.PushToTalk(down)
	}
}

// grabTalkKey makes Options.TalkKey a global key for the game's lifetime
// (ctx): its presses reach Update through g.talkKeys. When it cannot (no
// X display, the key taken, an unknown name) kin says so on screen and
// goes on with Space in its own window.
func (g *Game) grabTalkKey(ctx context.Context) {
	if g.opts.TalkKey == "" || g.opts.PushToTalk == nil {
		return
	}
	k, err := ParseKey(g.opts.TalkKey)
	if err == nil {
		g.talkKeys = make(chan bool, 8)
		err = GrabKey(ctx, k, func(down bool) {
			select {
			case g.talkKeys <- down:
			default: // Update is far behind; a later press or release will come
			}
		})
	}
	if err != nil {
		g.ui.notify(err.Error() + ". Hold Space in kin's window to talk instead.")
	}
}

// pollTalkKey hands the global key's presses to talk; Update calls it.
func (g *Game) pollTalkKey() {
	for {
		select {
		case down := <-g.talkKeys:
			g.talk(down)
		default:
			return
		}
	}
}

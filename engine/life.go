package engine

import (
	"errors"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kin-companion/kin/agent/protocol"
)

// eventsPerTick bounds how many bus events one Update hands the character,
// so a burst cannot stall a frame; the rest wait for the next tick.
const eventsPerTick = 64

// drainEvents gives the character this tick's share of protocol events.
func (g *Game) drainEvents() {
	if g.inbox == nil {
		return
	}
	g.inbox.Drain(eventsPerTick, g.handleEvent)
}

// handleEvent is the one place bus events reach the scene.
func (g *Game) handleEvent(e protocol.Event) {
	if g.amb.handle(e, g.now()) {
		return
	}
	switch p := e.Payload.(type) {
	case protocol.PresencePayload:
		g.presence.set(p.State, g.now())
	case protocol.SpeakPayload:
		g.chat.heard(p.Text, g.now())
	case protocol.StatsPayload:
		g.runStats.set(p)
		return
	case protocol.VoiceTurnPayload:
		g.runStats.setVoice(p)
		return
	case protocol.SkillErrorPayload:
		if p.Skill == "voice" { // the voice loop has no other way to the screen
			g.ui.showError(g.now(), errors.New("Voice: "+p.Error))
		}
	case protocol.GesturePayload, protocol.LookAtPayload:
		if e.SourceSkill != "" { // a scene tool's report of what it already did here
			c := g.scene.Char
			c.Stimuli.React(&c.Emotions, e)
			return
		}
	}
	g.scene.Char.Handle(e)
}

// emit posts an event to the bus, when kin runs with one.
func (g *Game) emit(p protocol.Payload) {
	if g.opts.Bus != nil {
		g.opts.Bus.Emit(p)
	}
}

// updateGaze tells the character where the camera is and, while the
// pointer is over the window, the point under it at the head's distance,
// so the eyes follow the mouse in window and overlay modes.
func (g *Game) updateGaze() {
	w, h := g.size[0], g.size[1]
	if w <= 0 || h <= 0 {
		return
	}
	cam := g.scene.Camera(float32(w) / float32(h))
	v := cam.Resolve(w, h, g.scene.Pose.Min, g.scene.Pose.Max)
	g.scene.Char.SetCamera(v.Eye)
	x, y := ebiten.CursorPosition()
	inside := x >= 0 && y >= 0 && x < w && y < h && g.win.focused || g.overlay
	if !inside {
		g.scene.Char.SetPointer(mgl32.Vec3{}, false)
		return
	}
	dist := cam.Target.Sub(v.Eye).Len()
	dir := v.Forward.Mul(v.Focal).Add(v.Right.Mul(float32(x) - v.CenterX)).Add(v.Up.Mul(v.CenterY - float32(y)))
	g.scene.Char.SetPointer(v.Eye.Add(dir.Normalize().Mul(dist)), true)
}

// windowPollTicks is how often the window's focus, minimised state and
// monitor scale are read: Ebitengine's queries allocate (they hop to the
// main thread), so the frame loop asks twice a second rather than every
// tick.
const windowPollTicks = TickRate / 2

// windowState is the window's last polled state.
type windowState struct {
	focused, minimized bool
	scale              float64 // screen pixels per device-independent pixel on the window's monitor
}

func (g *Game) pollWindow() {
	if g.tick%g.scaled(windowPollTicks) == 0 || g.tick == 1 {
		g.win = windowState{focused: ebiten.IsFocused(), minimized: ebiten.IsWindowMinimized(), scale: monitorScale()}
	}
}

// monitorScale is the device scale factor of the window's monitor (2 on a
// HiDPI screen at 200%), 1 when unknown.
func monitorScale() float64 {
	if m := ebiten.Monitor(); m != nil && m.DeviceScaleFactor() > 0 {
		return m.DeviceScaleFactor()
	}
	return 1
}

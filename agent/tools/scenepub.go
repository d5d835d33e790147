package tools

import (
	"context"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
)

// publishing is a scene that announces what it did on the bus with the
// seed's events (gesture, look-at, emote), so that every observer — the
// diary, MCP resources, the window's UI — sees the scene tools act. The
// events carry the tool as their source skill: the window, which already
// ran the command, only lets them move the character's feelings.
type publishing struct {
	scene.Scene
	bus *protocol.Bus
}

// Do implements scene.Scene.
func (p publishing) Do(ctx context.Context, cmd scene.Command) (string, error) {
	out, err := p.Scene.Do(ctx, cmd)
	if err != nil || p.bus == nil {
		return out, err
	}
	switch c := cmd.(type) {
	case scene.Wave:
		p.bus.EmitFrom("wave", protocol.GesturePayload{Name: "wave", Duration: int(c.Duration.Milliseconds())})
	case scene.LookAt:
		p.bus.EmitFrom("lookAt", protocol.LookAtPayload{Target: c.Target})
	case scene.PlayClip:
		p.bus.EmitFrom("play_clip", protocol.GesturePayload{Name: c.Name})
	case scene.SetExpression:
		p.bus.EmitFrom("setExpression", protocol.EmotePayload{Trigger: c.Preset, Weight: c.Intensity})
	}
	return out, nil
}

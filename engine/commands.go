package engine

import (
	"fmt"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/scene"
	"github.com/kin-companion/kin/avatar"
)

// commandsPerTick bounds how many scene commands one Update runs.
const commandsPerTick = 8

// drainCommands runs the agent's scene commands (wave, look at, play clip,
// expression, speak) inside Update, the only writer of avatar state, and
// answers each request.
func (g *Game) drainCommands() {
	if g.opts.Scene == nil {
		return
	}
	for i := 0; i < commandsPerTick; i++ {
		select {
		case req := <-g.opts.Scene.Requests():
			req.Reply(g.runCommand(req.Cmd))
		default:
			return
		}
	}
}

// runCommand applies one scene command to the character.
func (g *Game) runCommand(cmd scene.Command) (string, error) {
	c := g.scene.Char
	switch v := cmd.(type) {
	case scene.Wave:
		if err := c.PlayGesture("wave", float32(v.Duration.Seconds())); err != nil {
			return "", err
		}
	case scene.LookAt:
		if err := c.LookAt(v.Target); err != nil {
			return "", err
		}
	case scene.PlayClip:
		play := func(name string) error { return c.PlayGesture(name, 0) }
		if v.Loop {
			play = c.PlayLoop
		}
		if err := play(v.Name); err != nil {
			return "", err
		}
	case scene.SetExpression:
		p, err := avatar.ParsePreset(v.Preset)
		if err != nil {
			return "", err
		}
		c.SetExpression(p, float32(v.Intensity))
	case scene.Speak:
		g.chat.say(v.Text)
		c.Handle(protocol.Event{Type: protocol.Speak, Payload: protocol.SpeakPayload{Text: v.Text}})
	default:
		return "", fmt.Errorf("engine: unknown scene command %T", cmd)
	}
	return "done: " + cmd.String(), nil
}

package realtime

import "github.com/kin-companion/kin/agent/voice/turn"

// listen runs kin's own detectors over one gated microphone frame: the
// backchannel-aware Floor if set, else the plain LocalBargeIn.
func (c *conv) listen(f []int16) error {
	s := c.s
	if s.Floor == nil {
		if s.LocalBargeIn != nil && s.LocalBargeIn.Write(f) {
			return c.bargeIn(true)
		}
		return nil
	}
	switch s.Floor.Write(f) {
	case turn.Duck:
		c.duck(s.DuckGain)
	case turn.Restore:
		c.duck(1)
	case turn.Stop:
		c.duck(1)
		return c.bargeIn(true)
	}
	return nil
}

// duck sets the playback volume when the playback can change it.
func (c *conv) duck(gain float64) {
	if d, ok := c.s.Playback.(interface{ Duck(float64) }); ok {
		d.Duck(gain)
	}
}

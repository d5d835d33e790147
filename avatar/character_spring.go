package avatar

import "github.com/go-gl/mathgl/mgl32"

// SetPlacement tells the character where its model space sits in the
// world (model → world), e.g. as the overlay window is dragged across the
// desktop. Spring bones feel the motion as inertia and take gravity from
// the world; a jump of more than a metre or a turn of more than 60° in one
// frame is a teleport, after which they start again from rest.
func (c *Character) SetPlacement(place mgl32.Mat4) {
	if c.springs != nil {
		c.springs.setPlacement(place)
	}
}

// ResetSprings puts the spring bones back at rest on the next Update, for
// a character dropped in or moved by a program rather than a hand.
func (c *Character) ResetSprings() {
	if c.springs != nil {
		c.springs.ready = false
	}
}

// SpringStats reports the number of simulated spring joints and the
// largest distance, in metres, of a joint's tail from where the pose holds
// it at rest, after the last Update (what `kin simulate --json` reports as
// springs.joints and springs.maxOffsetM).
func (c *Character) SpringStats() (joints int, maxOffsetM float32) {
	if c.springs == nil {
		return 0, 0
	}
	return len(c.springs.joints), c.springs.maxOffset
}

// Simulate advances the spring bones by dt seconds from the pose Animate
// wrote (hair, ears and skirts follow it), writing their joints' local
// rotations; a frame loop that animates without posing the vertices every
// tick calls it after each Animate. Nothing happens for a model without
// spring bones. It does not allocate.
func (c *Character) Simulate(dt float32) {
	if c.springs != nil {
		c.Pose.updateWorld()
		c.springs.update(dt)
	}
}

package aec

// farFloor is the energy per sample below which a block counts as silent:
// about −60 dBFS.
const farFloor = 33 * 33

// delayMargin is how many blocks before the estimated start of the echo the
// filter starts, so the direct path is never cut off.
const delayMargin = 3

// processBlock cancels one block of b samples and leaves the output in c.block.
func (c *Canceller) processBlock(mic, ref []float32) {
	b := c.b
	copy(c.xwin, c.xwin[b:])
	copy(c.xwin[b:], ref)
	c.head = (c.head + 1) % len(c.hist)
	x := c.hist[c.head]
	c.ft.forward(x, c.xwin)
	scale := complex(1/float32(2*b), 0)
	for k := range x {
		x[k] *= scale
	}
	var sxx, syy float64
	for i, v := range ref {
		sxx += float64(v * v)
		syy += float64(mic[i] * mic[i])
	}
	farActive := sxx > farFloor*float64(b)
	if c.delay != nil {
		copy(c.ywin, c.ywin[b:])
		copy(c.ywin[b:], mic)
		c.ft.forward(c.yspec, c.ywin)
		// Not while the user talks over kin: their voice is no echo of the reference.
		if c.delay.push(x, c.yspec, farActive && !c.filt.dt && syy > farFloor*float64(b)) {
			c.setBulk(max(c.delay.best-delayMargin, 0))
		}
	}
	for p := range c.xs {
		c.xs[p] = c.hist[(c.head-c.bulk-p+2*len(c.hist))%len(c.hist)]
	}
	c.filt.process(mic, c.xs, sxx)
	if c.cfg.SuppressDB < 0 {
		copy(c.block, c.filt.out)
	} else {
		c.sup.process(c.block, c.filt.out, c.filt.echo, c.filt.leak)
	}
	c.measure(farActive, syy)
	if c.onBlock != nil {
		c.onBlock(c.filt.echo, c.sup.gain)
	}
}

// setBulk moves the reference to a new bulk delay, keeping what the filter learnt.
func (c *Canceller) setBulk(blocks int) {
	if blocks == c.bulk {
		return
	}
	c.filt.shift(blocks - c.bulk)
	c.bulk = blocks
}

// measure updates the ERLE estimate from blocks where the far end plays alone
// (by the double-talk detector's measure of loudness) and the filter explains
// most of the microphone.
func (c *Canceller) measure(farActive bool, syy float64) {
	var see, sEcho, sOut float64
	for i, e := range c.filt.out {
		see += float64(e * e)
		sEcho += float64(c.filt.echo[i] * c.filt.echo[i])
		sOut += float64(c.block[i] * c.block[i])
	}
	if !farActive || !c.filt.talk.echoOnly || see > sEcho {
		return
	}
	const a = 0.01 // about a second of such blocks
	c.pMic += a * (syy - c.pMic)
	c.pOut += a * (sOut - c.pOut)
}

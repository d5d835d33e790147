package aec

// talkDetector tells when the user speaks while kin plays (double talk), so the
// filter stops learning and does not take the user's voice for echo. Once the
// foreground filter has shown it removes at least 6 dB of echo, a block whose
// microphone is more than 3 dB louder than the foreground's echo estimate leads
// one to expect (their ratio is learnt over echo-only blocks) holds near-end
// speech — if the microphone is also 3 dB louder than the far end's recent
// energy leads one to expect (the echo path's loss, learnt the same way), which
// an echo path that changed but did not get louder is not. The verdict is held
// for a short hangover. A verdict that
// lasts for seconds without a break is not speech (people pause) but an echo
// path that got louder: the detector then forgets what it trusted and lets the
// filter learn again.
type talkDetector struct {
	pMic, pErr, pEcho, pFar float64 // smoothed energies of echo-only blocks
	seen                    int     // echo-only blocks measured
	hang                    int
	run                     int // far-end blocks in a row judged double talk
	hangBlocks              int
	maxRun                  int
	echoOnly                bool // the last block was the far end's alone, by its loudness
}

func newTalkDetector(b, rate int) *talkDetector {
	return &talkDetector{hangBlocks: rate / 12 / b, maxRun: 3 * rate / 2 / b}
}

func (d *talkDetector) reset() {
	d.pMic, d.pErr, d.pEcho, d.pFar, d.seen, d.hang, d.run = 0, 0, 0, 0, 0, 0, 0
}

// update takes the block's microphone energy, the foreground's echo estimate
// and error energies, the far end's recent energy and whether it played, and
// reports double talk.
func (d *talkDetector) update(mic, echo, err, far float64, farActive bool, floor float64) bool {
	trusted := d.seen > d.maxRun && d.pMic > 4*d.pErr
	d.echoOnly = farActive && trusted && mic*d.pFar < 1.25*far*d.pMic
	talk := farActive && trusted && mic*d.pEcho > 2*echo*d.pMic+floor*d.pEcho && mic*d.pFar > 2*far*d.pMic
	switch {
	case talk:
		d.hang = d.hangBlocks
		if d.run++; d.run > d.maxRun {
			d.reset()
			return false
		}
	case farActive:
		d.run = 0
	}
	if d.hang > 0 {
		d.hang--
		return true
	}
	if farActive {
		const a = 0.02
		d.pMic += a * (mic - d.pMic)
		d.pErr += a * (err - d.pErr)
		d.pEcho += a * (echo - d.pEcho)
		d.pFar += a * (far - d.pFar)
		d.seen++
	}
	return false
}

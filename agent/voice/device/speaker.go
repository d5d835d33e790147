package device

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/kin-companion/kin/agent/voice/audio"
)

// Speaker is kin's speaker, whose device can change while kin talks
// ([Speaker.Use]). Whichever device plays pulls the same [audio.Player], so the
// echo canceller's reference (the Player's tap) and lip-sync go on unchanged.
type Speaker struct {
	p   *audio.Player
	opt PlaybackOptions

	mu     sync.Mutex
	pb     *Playback
	want   string // the name last asked for
	notice string // why want is not the one playing, or ""
}

// OpenSpeaker opens the speaker opt.Device names, as [OpenPlayback] does; when
// that one is not there or does not open, it plays on the default speaker and
// notice is the sentence saying so. err (wrapping [ErrNoDevice]) means no
// speaker opened at all.
func OpenSpeaker(p *audio.Player, opt PlaybackOptions) (s *Speaker, notice string, err error) {
	s = &Speaker{p: p, opt: opt}
	notice, err = s.Use(opt.Device)
	if err != nil {
		return nil, "", err
	}
	return s, notice, nil
}

// Use moves playback to the speaker name names ("" the default), falling back
// to the default as [OpenSpeaker] does. What the old device had buffered (at
// most two periods) is lost; the rest of the queue plays on the new one.
func (s *Speaker) Use(name string) (notice string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pb != nil && name == s.want && s.pb.Err() == nil {
		return s.notice, nil
	}
	if s.pb != nil {
		s.pb.Close() // first, so two devices never pull the Player at once
		s.pb = nil
	}
	s.want, s.notice = name, ""
	opt := s.opt
	opt.Device = name
	pb, err := OpenPlayback(s.p, opt)
	if err == nil || name == "" {
		s.pb = pb
		return "", err
	}
	opt.Device = ""
	pb, derr := OpenPlayback(s.p, opt)
	if derr != nil {
		return "", fmt.Errorf("%v, and the default speaker did not open either: %w", err, derr)
	}
	s.pb = pb
	s.notice = FallbackNotice(withoutNoDevice(err), pb.Name())
	return s.notice, nil
}

// withoutNoDevice is err without ErrNoDevice's "kin goes on text-only", which
// is not so when the default speaker plays.
func withoutNoDevice(err error) error {
	var u *UnknownDeviceError
	if errors.As(err, &u) {
		return u
	}
	return errors.New(strings.TrimPrefix(err.Error(), ErrNoDevice.Error()+": "))
}

// Name is the name of the speaker playing now ("" for an unnamed default).
func (s *Speaker) Name() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pb == nil {
		return ""
	}
	return s.pb.Name()
}

// Err reports that the speaker stopped (see [Playback.Err]), or nil.
func (s *Speaker) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pb == nil {
		return fmt.Errorf("%w: no speaker is open", ErrNoDevice)
	}
	return s.pb.Err()
}

// Close stops playing.
func (s *Speaker) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pb != nil {
		s.pb.Close()
		s.pb = nil
	}
	return nil
}

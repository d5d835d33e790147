package companion

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/kin-companion/kin/agent/protocol"
	"github.com/kin-companion/kin/agent/redact"
	"github.com/kin-companion/kin/store"
	"github.com/kin-companion/kin/store/diary"
)

// recordDiary writes the bus events the diary keeps (speak, remember,
// sign, skill-done, validate, load-end) until ctx ends. A write that fails
// is logged and the next one tried: the conversation must go on. Secrets in
// a payload (keys, tokens, passwords) are redacted before it is written.
func recordDiary(ctx context.Context, bus *protocol.Bus, d *store.Diary, log *slog.Logger) func() {
	types := make([]protocol.Type, len(diary.AutoTypes))
	for i, t := range diary.AutoTypes {
		types[i] = protocol.Type(t)
	}
	sub := bus.Subscribe(types...)
	done := make(chan struct{})
	write := func(e protocol.Event) {
		payload, err := json.Marshal(e.Payload)
		if err != nil {
			log.Warn("diary: could not encode an event", "type", e.Type, "err", err)
			return
		}
		if _, err := d.Record(string(e.Type), redact.JSON(payload), e.Time()); err != nil {
			log.Warn("diary: could not record an event", "type", e.Type, "err", err)
		}
	}
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				sub.Drain(1<<20, write) // what was already said is kept
				return
			case _, ok := <-sub.Ready():
				if !ok {
					return
				}
				sub.Drain(64, write)
			}
		}
	}()
	return func() {
		<-done
		sub.Close()
	}
}

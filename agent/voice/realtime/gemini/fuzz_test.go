package gemini

import "testing"

// FuzzDecode: any server message decodes to events or an error, never a
// panic.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"setupComplete":{}}`,
		`{"serverContent":{"modelTurn":{"parts":[{"inlineData":{"mimeType":"audio/pcm;rate=24000","data":"AAAA"}}]},"turnComplete":true}}`,
		`{"toolCall":{"functionCalls":[{"id":"1","name":"wave","args":{}}]}}`,
		`{"goAway":{"timeLeft":"10s"}}`,
		`{"serverContent":{"inputTranscription":{"text":"hi"},"interrupted":true}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &Conn{}
		_ = c.decode(data)
	})
}

package openai

import "testing"

// FuzzDecode: any server frame decodes to events or an error, never a
// panic, however it lies about types and lengths.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"session.created","session":{"id":"s"}}`,
		`{"type":"response.output_audio.delta","item_id":"i","delta":"AAAA"}`,
		`{"type":"response.function_call_arguments.done","call_id":"c","name":"wave","arguments":"{"}`,
		`{"type":"error","error":{"code":"x","message":"y"}}`,
		`{"type":"response.done","response":{"status":"cancelled","output":[]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &Conn{}
		_ = c.decode(data)
	})
}

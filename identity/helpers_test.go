package identity

import "encoding/json"

func jsonUnmarshal(b []byte, v any) { json.Unmarshal(b, v) }

func jsonMarshal(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

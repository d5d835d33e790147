package tools

import (
	"context"
	_ "embed"
	"encoding/json"
	"time"
)

//go:embed datetime.md
var datetimeDescription string

// GetDatetime returns the get_datetime tool reading now.
func GetDatetime(now func() time.Time) *Tool {
	return &Tool{Name: "get_datetime", Description: datetimeDescription,
		Schema: json.RawMessage(`{"type":"object","properties":{}}`),
		Meta:   Meta{ReadOnly: true, ConcurrencySafe: true, Risk: Low},
		Run: func(context.Context, json.RawMessage) (string, error) {
			t := now()
			zone, _ := t.Zone()
			return t.Format("Monday 2 January 2006, 15:04:05") + " " + zone + " (" + t.Format(time.RFC3339) + ")", nil
		}}
}

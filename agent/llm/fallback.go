package llm

import (
	"context"
	"errors"
)

// Fallback returns a provider that sends each request to primary (the local
// lane) and, when it fails for any reason but cancellation or a bad request,
// to secondary (the cloud lane). Callers see one lane-unaware provider. A
// streamed reply that already produced text is not re-sent.
func Fallback(primary, secondary Provider) Provider {
	if secondary == nil {
		return primary
	}
	return &fallback{primary, secondary}
}

type fallback struct{ primary, secondary Provider }

func (f *fallback) Name() string { return f.primary.Name() + " → " + f.secondary.Name() }

func (f *fallback) Complete(ctx context.Context, req *Request) (*Response, error) {
	streamed := false
	inner := *req
	inner.OnText = func(s string) {
		streamed = true
		req.Text(s)
	}
	resp, err := f.primary.Complete(ctx, &inner)
	if err == nil || streamed || ctx.Err() != nil || errors.Is(err, ErrBadRequest) {
		return resp, err
	}
	resp, err2 := f.secondary.Complete(ctx, req)
	if err2 != nil {
		return nil, errors.Join(err, err2)
	}
	return resp, nil
}

package anthropic

import (
	"context"

	"github.com/anthropics/anthropic-sdk-go"
)

// Models lists the models the API offers (GET /v1/models), up to 1000.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	page, err := p.client.Models.List(ctx, anthropic.ModelListParams{Limit: anthropic.Int(1000)})
	if err != nil {
		return nil, mapError(err)
	}
	var out []string
	for _, m := range page.Data {
		out = append(out, m.ID)
	}
	return out, nil
}

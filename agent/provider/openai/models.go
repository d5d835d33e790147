package openai

import "context"

// Models lists the models the server offers (GET /v1/models), one page.
// Azure lists models, not deployments, so it answers nil: no check.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	if p.cfg.Azure != nil {
		return nil, nil
	}
	page, err := p.client.Models.List(ctx)
	if err != nil {
		return nil, p.mapError(err)
	}
	var out []string
	for _, m := range page.Data {
		out = append(out, m.ID)
	}
	return out, nil
}

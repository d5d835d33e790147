package gemini

import (
	"context"
	"strings"

	"google.golang.org/genai"
)

// Models lists the models the API offers (models.list), without the
// "models/" prefix, up to 1000.
func (p *Provider) Models(ctx context.Context) ([]string, error) {
	page, err := p.client.Models.List(ctx, &genai.ListModelsConfig{PageSize: 1000})
	if err != nil {
		return nil, mapError(err)
	}
	var out []string
	for _, m := range page.Items {
		out = append(out, strings.TrimPrefix(m.Name, "models/"))
	}
	return out, nil
}

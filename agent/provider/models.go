package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
)

// modelLister is a provider that can list the models its server offers.
type modelLister interface {
	Models(ctx context.Context) ([]string, error)
}

// checkModel refuses a model the user named that the server does not
// list, in a sentence naming some it does. A server that cannot list (a
// 404, no answer in time, an empty list) is given the benefit of the
// doubt: the first turn will say what is wrong.
func checkModel(ctx context.Context, p llm.Provider, name, model string) error {
	ml, ok := p.(modelLister)
	if !ok || model == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, explicitProbe)
	defer cancel()
	models, err := ml.Models(ctx)
	if err != nil || len(models) == 0 {
		return nil
	}
	return unlisted(name, model, models)
}

// unlisted is nil when models has model (Ollama adds ":latest" to an
// untagged name), else the sentence that refuses it.
func unlisted(name, model string, models []string) error {
	for _, m := range models {
		if m == model || m == model+":latest" {
			return nil
		}
	}
	some := models
	if len(some) > 8 {
		some = some[:8]
	}
	more := ""
	if len(models) > len(some) {
		more = fmt.Sprintf(" and %d more", len(models)-len(some))
	}
	return unlistedError{fmt.Errorf("%w: %s does not offer the model %q; it lists %s%s. Choose one of them with --model (or the settings' model, or a manifest's brain.model)",
		llm.ErrConfig, name, model, strings.Join(some, ", "), more)}
}

// unlistedError is a model the server does not list: the automatic choice
// stops at it rather than trying the next provider.
type unlistedError struct{ error }

func (e unlistedError) Unwrap() error { return e.error }

package providertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// SetModels sets the models the server lists: Ollama's GET /api/tags,
// every OpenAI flavour's and Anthropic's GET /v1/models, Gemini's GET
// /v1beta/models. A new server lists none.
func (s *Server) SetModels(names ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.models = append([]string(nil), names...)
}

func (s *Server) listed() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.models...)
}

// serveModels answers the model-list endpoints and reports whether it did.
// Shapes as the real servers send them: Ollama's /api/tags
// (docs.ollama.com/api/tags) and the OpenAI list that OpenAI, Ollama and
// LM Studio all serve at /v1/models. Only OpenAI wants a key for it.
func serveModels(s *Server, w http.ResponseWriter, r *http.Request, flavor Flavor) bool {
	switch {
	case flavor == OllamaCloud && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") &&
		(r.URL.Path == "/api/tags" || r.URL.Path == "/v1/models"):
		http.Error(w, `{"error": "unauthorized"}`, http.StatusUnauthorized)
		return true
	case r.URL.Path == "/api/tags" && flavor.ollama():
		var models []map[string]any
		for _, name := range s.listed() {
			family, _, _ := strings.Cut(name, ":")
			if strings.Contains(name, "embed") {
				family = "nomic-bert"
			}
			models = append(models, map[string]any{"name": name, "model": name,
				"modified_at": "2025-10-03T23:34:03.409490317-07:00", "size": 3338801804,
				"digest": "a2af6cc3eb7fa8be8504abaf9b04e88f17a119ec3f04a3addf55f92841195f5a",
				"details": map[string]any{"parent_model": "", "format": "gguf", "family": family, "families": []string{family},
					"parameter_size": "4.3B", "quantization_level": "Q4_K_M"}})
		}
		writeJSON(w, map[string]any{"models": orEmpty(models)})
		return true
	case r.URL.Path == "/v1/models":
		if flavor == OpenAI && !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
			openAIError(w, 401, "You didn't provide an API key.")
			return true
		}
		owner := map[Flavor]string{OpenAI: "system", Ollama: "library", OllamaCloud: "library", LMStudio: "organization_owner"}[flavor]
		var data []map[string]any
		for _, name := range s.listed() {
			data = append(data, map[string]any{"id": name, "object": "model", "created": 1686935002, "owned_by": owner})
		}
		writeJSON(w, map[string]any{"object": "list", "data": orEmpty(data)})
		return true
	}
	return false
}

// unknownEndpoint answers a path the server does not serve. LM Studio
// answers 200 with an error object (lmstudio-bug-tracker #618), so a probe
// must not trust the status alone; the others send a 404.
func unknownEndpoint(w http.ResponseWriter, r *http.Request, flavor Flavor) {
	msg := fmt.Sprintf("Unexpected endpoint or method. (%s %s)", r.Method, r.URL.Path)
	switch flavor {
	case LMStudio:
		writeJSON(w, map[string]string{"error": msg})
	case Ollama, OllamaCloud:
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, "404 page not found")
	default:
		openAIError(w, 404, "Unknown request URL: "+r.Method+" "+r.URL.Path)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	writeJSONBody(w, v)
}

func writeJSONBody(w http.ResponseWriter, v any) { _ = json.NewEncoder(w).Encode(v) }

func orEmpty(xs []map[string]any) []map[string]any {
	if xs == nil {
		return []map[string]any{}
	}
	return xs
}

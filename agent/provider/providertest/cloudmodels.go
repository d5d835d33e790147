package providertest

import (
	"net/http"
	"strings"
)

// serveAnthropicModels answers GET /v1/models as the Messages API does
// (docs.anthropic.com/en/api/models-list): the key and version headers
// required, a page of model objects, newest first.
func serveAnthropicModels(s *Server, w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodGet || r.URL.Path != "/v1/models" {
		return false
	}
	if r.Header.Get("x-api-key") == "" {
		anthropicError(w, 401, "authentication_error", "x-api-key header is required")
		return true
	}
	var data []map[string]any
	names := s.listed()
	for _, name := range names {
		data = append(data, map[string]any{"type": "model", "id": name, "display_name": name,
			"created_at": "2025-05-22T00:00:00Z"})
	}
	page := map[string]any{"data": orEmpty(data), "has_more": false, "first_id": nil, "last_id": nil}
	if len(names) > 0 {
		page["first_id"], page["last_id"] = names[0], names[len(names)-1]
	}
	writeJSON(w, page)
	return true
}

// serveGeminiModels answers GET /v1beta/models as the Gemini API does
// (ai.google.dev/api/models#method:-models.list): the key required, names
// prefixed "models/", with the methods each supports.
func serveGeminiModels(s *Server, w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodGet || strings.TrimSuffix(r.URL.Path, "/") != "/v1beta/models" {
		return false
	}
	if r.Header.Get("x-goog-api-key") == "" {
		geminiError(w, 403, "Method doesn't allow unregistered callers. Please use API Key or other form of API consumer identity to call this API.")
		return true
	}
	var models []map[string]any
	for _, name := range s.listed() {
		models = append(models, map[string]any{"name": "models/" + name, "version": "001", "displayName": name,
			"inputTokenLimit": 1048576, "outputTokenLimit": 65536,
			"supportedGenerationMethods": []string{"generateContent", "countTokens"}})
	}
	writeJSON(w, map[string]any{"models": orEmpty(models)})
	return true
}

package providertest

import (
	"context"
	"net/http"
	"testing"
)

// originKey carries the request as the client sent it through a rewrite.
type originKey struct{}

// NewAzure starts a fake Azure OpenAI resource with one deployment:
// POST /openai/deployments/DEPLOYMENT/chat/completions?api-version=V with
// the key in the api-key header, answered as OpenAI answers. A wrong path
// or a missing api-version is Azure's 404, a missing key its 401. BaseURL
// is the endpoint (the resource's root).
func NewAzure(t testing.TB, respond Respond, deployment string) *Server {
	s := newServer(t, respond, func(s *Server, w http.ResponseWriter, r *http.Request) { serveAzure(s, w, r, deployment) })
	s.BaseURL = s.URL
	return s
}

func serveAzure(s *Server, w http.ResponseWriter, r *http.Request, deployment string) {
	switch {
	case r.Method != http.MethodPost || r.URL.Path != "/openai/deployments/"+deployment+"/chat/completions":
		azureError(w, http.StatusNotFound, "404", "Resource not found")
		return
	case r.URL.Query().Get("api-version") == "":
		azureError(w, http.StatusNotFound, "404", "Resource not found")
		return
	case r.Header.Get("api-key") == "":
		azureError(w, http.StatusUnauthorized, "401", "Access denied due to invalid subscription key or wrong API endpoint. "+
			"Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.")
		return
	}
	inner := r.Clone(context.WithValue(r.Context(), originKey{}, r))
	inner.URL.Path = "/v1/chat/completions"
	inner.Header.Set("Authorization", "Bearer "+r.Header.Get("api-key"))
	serveOpenAI(s, w, inner, OpenAI)
}

func azureError(w http.ResponseWriter, status int, code, msg string) {
	writeJSONStatus(w, status, map[string]any{"error": map[string]string{"code": code, "message": msg}})
}

func writeJSONStatus(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	writeJSONBody(w, v)
}

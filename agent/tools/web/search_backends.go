package web

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
)

// searx asks a SearXNG instance through its JSON API.
func (s *services) searx(ctx context.Context, q string, count int) ([]searchResult, error) {
	u, err := endpoint(s.cfg.SearxURL+"/search", url.Values{"q": {q}, "format": {"json"}, "pageno": {"1"}})
	if err != nil {
		return nil, err
	}
	var ans struct {
		Results []struct {
			URL     string `json:"url"`
			Title   string `json:"title"`
			Content string `json:"content"`
		} `json:"results"`
	}
	if err := s.getJSON(ctx, u, nil, &ans); err != nil {
		var se *statusError
		if errors.As(err, &se) && se.code == http.StatusForbidden {
			return nil, fmt.Errorf("the SearXNG instance at %s does not give JSON results; add json to search.formats in its settings.yml", s.cfg.SearxURL)
		}
		return nil, withAdvice(err)
	}
	rs := make([]searchResult, 0, len(ans.Results))
	for _, r := range ans.Results {
		rs = append(rs, searchResult{Title: r.Title, URL: r.URL, Snippet: r.Content})
	}
	return rs, nil
}

// brave asks the Brave Search API.
func (s *services) brave(ctx context.Context, q string, count int) ([]searchResult, error) {
	u, err := endpoint(s.cfg.BraveURL, url.Values{"q": {q}, "count": {strconv.Itoa(count)}})
	if err != nil {
		return nil, err
	}
	var ans struct {
		Web struct {
			Results []struct {
				Title       string `json:"title"`
				URL         string `json:"url"`
				Description string `json:"description"`
			} `json:"results"`
		} `json:"web"`
	}
	h := http.Header{"X-Subscription-Token": {s.cfg.BraveKey}}
	if err := s.getJSON(ctx, u, h, &ans); err != nil {
		var se *statusError
		if errors.As(err, &se) && (se.code == http.StatusUnauthorized || se.code == http.StatusForbidden) {
			return nil, errors.New("the Brave Search API key was refused; check BRAVE_SEARCH_API_KEY")
		}
		return nil, withAdvice(err)
	}
	rs := make([]searchResult, 0, len(ans.Web.Results))
	for _, r := range ans.Web.Results {
		rs = append(rs, searchResult{Title: plain(r.Title), URL: r.URL, Snippet: plain(r.Description)})
	}
	return rs, nil
}

// withAdvice adds what to do to a service's status error.
func withAdvice(err error) error {
	var se *statusError
	if !errors.As(err, &se) {
		return err
	}
	switch {
	case se.code == http.StatusTooManyRequests:
		return fmt.Errorf("%w: too many searches for now; try again in a minute", err)
	case se.code >= 500:
		return fmt.Errorf("%w: the search service has a problem; try again later", err)
	}
	return fmt.Errorf("%w: the search service did not accept the query", err)
}

var tags = regexp.MustCompile(`<[^>]*>`)

// plain removes the markup Brave puts in titles and snippets.
func plain(s string) string {
	return html.UnescapeString(tags.ReplaceAllString(s, ""))
}

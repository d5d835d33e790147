package redact

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
)

// Mark replaces every secret.
const Mark = "[redacted]"

// secretName matches field, header and parameter names that hold secrets.
var secretName = regexp.MustCompile(`(?i)(api[_-]?key|apikey|secret|token|passw(or)?d|passphrase|pwd|private[_-]?key|authorization|auth|cookie|credential|session[_-]?id|signature|x-api-key|access[_-]?key|mnemonic|seed[_-]?phrase)`)

// secretShape matches secrets by their form, wherever they appear:
// OpenAI and Anthropic keys, Google keys, GitHub, Slack, AWS, GitLab and
// Hugging Face tokens, bearer values, JWTs, 32-byte hex keys, PEM private keys.
var secretShape = regexp.MustCompile(strings.Join([]string{
	`\bsk-(?:ant-)?[A-Za-z0-9_\-]{16,}`,
	`\bAIza[0-9A-Za-z_\-]{30,}`,
	`\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}`,
	`\bxox[abposr]-[A-Za-z0-9\-]{10,}`,
	`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`,
	`\bglpat-[A-Za-z0-9_\-]{20,}`,
	`\bhf_[A-Za-z0-9]{30,}`,
	`(?i:\bbearer\s+)[A-Za-z0-9._~+/=\-]{12,}`,
	`\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`,
	`\b0x[0-9a-fA-F]{64}\b`,
	`(?s)-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)`,
}, "|"))

// shapeHints are substrings at least one of which every secretShape match
// contains: a string with none of them skips the expression.
var shapeHints = []string{"sk-", "AIza", "gh", "xox", "AKIA", "ASIA", "glpat-", "hf_", "earer", "EARER", "eyJ", "0x", "PRIVATE KEY"}

// nameHints are lower-case substrings every secret-looking name contains.
var nameHints = []string{"key", "secret", "token", "pass", "pwd", "auth", "cookie", "credential", "session", "signature", "mnemonic", "seed"}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// assignment matches NAME=VALUE and NAME: VALUE where NAME looks secret,
// e.g. in an env dump or a config file read by a tool.
var assignment = regexp.MustCompile(`(?i)\b([A-Za-z0-9_.\-]*(api[_-]?key|apikey|secret|token|passw(or)?d|passphrase|private[_-]?key|access[_-]?key)[A-Za-z0-9_.\-]*)(["']?\s*[:=]\s*["']?)([^\s"',;&]{4,})`)

// userinfo matches scheme://user:password@ in URLs.
var userinfo = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.\-]*://[^/\s:@]+):([^/\s@]+)@`)

// query matches ?name=value and &name=value parameters.
var query = regexp.MustCompile(`([?&])([^=&\s#]+)=([^&\s#"']*)`)

// Text returns s with every secret it recognises replaced by [Mark].
func Text(s string) string {
	if s == "" {
		return s
	}
	if containsAny(s, shapeHints) {
		s = secretShape.ReplaceAllString(s, Mark)
	}
	if strings.Contains(s, "@") && strings.Contains(s, "://") {
		s = userinfo.ReplaceAllString(s, "$1:"+Mark+"@")
	}
	if !strings.ContainsAny(s, ":=") || !containsAny(strings.ToLower(s), nameHints) {
		return s
	}
	s = query.ReplaceAllStringFunc(s, func(m string) string {
		p := query.FindStringSubmatch(m)
		if secretName.MatchString(p[2]) && p[3] != "" && p[3] != url.QueryEscape(Mark) && !strings.HasPrefix(p[3], Mark) {
			return p[1] + p[2] + "=" + Mark
		}
		return m
	})
	return assignment.ReplaceAllStringFunc(s, func(m string) string {
		p := assignment.FindStringSubmatch(m)
		if strings.HasPrefix(p[5], Mark) {
			return m
		}
		return p[1] + p[4] + Mark
	})
}

// JSON returns a copy of the JSON document raw with every value under a
// secret-looking key replaced by [Mark] and every string passed through
// [Text]. A document that does not parse is redacted as text.
func JSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		b, _ := json.Marshal(Text(string(raw)))
		return b
	}
	b, err := json.Marshal(value(v))
	if err != nil {
		return json.RawMessage(`"` + Mark + `"`)
	}
	return b
}

// Value redacts a decoded JSON value (maps, slices, strings) in a copy.
func Value(v any) any { return value(v) }

func value(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			if containsAny(strings.ToLower(k), nameHints) && secretName.MatchString(k) && !isEmpty(x) {
				out[k] = Mark
				continue
			}
			out[k] = value(x)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = value(x)
		}
		return out
	case string:
		return Text(t)
	}
	return v
}

func isEmpty(v any) bool {
	switch t := v.(type) {
	case nil:
		return true
	case string:
		return t == ""
	case bool:
		return true // "auth": false says nothing secret
	}
	return false
}

package provider

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/kin-companion/kin/agent/llm"
)

// checkBaseURL refuses, before any turn, a server address that cannot
// work: not http(s), no host, or a port that is empty or out of range
// ("http://127.0.0.1:/v1" would otherwise dial port 80 later). from names
// where the address came from, for the sentence.
func checkBaseURL(raw, from string) error {
	if raw == "" {
		return nil
	}
	bad := func(why string) error {
		return fmt.Errorf("%w: the server address %q (%s) %s; write it like http://127.0.0.1:11434/v1", llm.ErrConfig, raw, from, why)
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	switch {
	case err != nil:
		return bad("is not a web address")
	case u.Scheme != "http" && u.Scheme != "https":
		return bad("does not start with http:// or https://")
	case u.Hostname() == "":
		return bad("has no host name")
	case strings.HasSuffix(u.Host, ":"):
		return bad("has a colon but no port number after it")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return bad("has a port that is not a number from 1 to 65535")
		}
	}
	return nil
}

package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"slices"
)

// Transports a server can be reached over.
const (
	Stdio = "stdio" // a child process speaking over its stdin and stdout
	HTTP  = "http"  // streamable HTTP
)

// Config lists the MCP servers kin connects to, by the name the user gave
// them. It is a plain value: manifests add servers with [Config.Merge].
type Config struct {
	Servers map[string]ServerConfig
}

// ServerConfig is one server of an mcp.json file: either a command to start
// (Stdio) or a URL to reach (HTTP).
type ServerConfig struct {
	Type     string            // Stdio or HTTP; LoadConfig fills it in from command or url
	Command  string            // program to start, looked up in PATH
	Args     []string          // its arguments
	Env      map[string]string // added to kin's own environment
	URL      string            // streamable HTTP endpoint
	Headers  map[string]string // sent with every HTTP request, e.g. Authorization
	Disabled bool              // listed but not started
}

// Merge returns c with the servers of other added; a server of other
// replaces one of c with the same name.
func (c Config) Merge(other Config) Config {
	out := Config{Servers: make(map[string]ServerConfig, len(c.Servers)+len(other.Servers))}
	maps.Copy(out.Servers, c.Servers)
	maps.Copy(out.Servers, other.Servers)
	return out
}

// Names lists the servers in alphabetical order.
func (c Config) Names() []string {
	return slices.Sorted(maps.Keys(c.Servers))
}

// fileServer is one entry of mcpServers as written by Claude Desktop,
// Cursor and friends. Fields other clients add are ignored.
type fileServer struct {
	Type     string            `json:"type"`
	Command  string            `json:"command"`
	Args     []string          `json:"args"`
	Env      map[string]string `json:"env"`
	URL      string            `json:"url"`
	Headers  map[string]string `json:"headers"`
	Disabled bool              `json:"disabled"`
}

// LoadConfig reads an mcp.json file in the Claude Desktop / Cursor format:
//
//	{"mcpServers": {"NAME": {"command": "...", "args": [...], "env": {...}}
//	                        | {"url": "...", "headers": {...}}}}
//
// A missing file is no servers, not an error. A malformed one gives an
// error naming the file and the field (with line:column for JSON syntax).
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Config{Servers: map[string]ServerConfig{}}, nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("%s: could not read the MCP server list: %w", path, err)
	}
	return parseConfig(path, data)
}

func parseConfig(path string, data []byte) (Config, error) {
	var top struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return Config{}, jsonError(path, data, 0, "", err)
	}
	cfg := Config{Servers: make(map[string]ServerConfig, len(top.MCPServers))}
	for _, name := range slices.Sorted(maps.Keys(top.MCPServers)) {
		raw := top.MCPServers[name]
		field := "mcpServers." + name
		var fs fileServer
		if err := json.Unmarshal(raw, &fs); err != nil {
			return Config{}, jsonError(path, data, bytes.Index(data, raw), field, err)
		}
		sc, err := fs.check()
		if err != nil {
			return Config{}, fmt.Errorf("%s: %s: %w", path, field, err)
		}
		cfg.Servers[name] = sc
	}
	return cfg, nil
}

// check turns a file entry into a ServerConfig, or says what is wrong.
func (f fileServer) check() (ServerConfig, error) {
	sc := ServerConfig(f)
	switch f.Type {
	case "":
	case Stdio:
	case HTTP, "streamable-http", "streamableHttp":
		sc.Type = HTTP
	case "sse":
		return sc, errors.New(`type "sse" (the old HTTP+SSE transport) is not supported; use a streamable HTTP url with "type": "http"`)
	default:
		return sc, fmt.Errorf(`unknown type %q; use "stdio" or "http"`, f.Type)
	}
	switch {
	case f.Command != "" && f.URL != "":
		return sc, errors.New(`has both "command" and "url"; keep one`)
	case f.Command == "" && f.URL == "":
		return sc, errors.New(`needs "command" or "url"`)
	case f.Command != "" && sc.Type == HTTP:
		return sc, errors.New(`is "type": "http" but has a "command" instead of a "url"`)
	case f.URL != "" && sc.Type == Stdio:
		return sc, errors.New(`is "type": "stdio" but has a "url" instead of a "command"`)
	case f.Command != "":
		sc.Type = Stdio
	default:
		sc.Type = HTTP
		if u, err := url.Parse(f.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return sc, fmt.Errorf(`url %q is not an http:// or https:// address`, f.URL)
		}
	}
	return sc, nil
}

// jsonError phrases a JSON decoding error with the file, the line:column
// and the field. base is where the decoded text starts in data (-1: unknown).
func jsonError(path string, data []byte, base int, field string, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("%s:%s: not valid JSON: %v", path, lineCol(data, max(base, 0)+int(syn.Offset)-1), syn)
	case errors.As(err, &typ):
		if typ.Field != "" {
			field = joinField(field, typ.Field)
		}
		if field == "" {
			field = "the top level"
		}
		where := ""
		if base >= 0 {
			where = ":" + lineCol(data, base+int(typ.Offset))
		}
		return fmt.Errorf("%s%s: %s: expected %s, found a JSON %s", path, where, field, kind(typ.Type.Kind().String()), typ.Value)
	}
	return fmt.Errorf("%s: %w", path, err)
}

func joinField(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// kind names a Go kind in JSON words.
func kind(k string) string {
	switch k {
	case "slice", "array":
		return "a list"
	case "map", "struct":
		return "an object"
	case "bool":
		return "true or false"
	case "string":
		return "a string"
	}
	return "a " + k
}

// lineCol returns "line:column" (both from 1) of byte offset off in data.
func lineCol(data []byte, off int) string {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Sprintf("%d:%d", line, col)
}

// ParseServers reads an "mcpServers" object (NAME → server) from another
// document, such as an agent manifest; source names it in errors.
func ParseServers(source string, servers json.RawMessage) (Config, error) {
	doc := append(append([]byte(`{"mcpServers":`), servers...), '}')
	return parseConfig(source, doc)
}

package redact

import (
	"slices"
	"strings"
)

// secretWords are name parts (between underscores) that mark a variable
// as a credential wherever they appear: GITHUB_TOKEN, DB_PASSWORD,
// MY_SECRET_THING, AUTH_TOKENS.
var secretWords = []string{"TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "PASSPHRASE",
	"CREDENTIAL", "CREDENTIALS", "APIKEY", "PRIVATE", "COOKIE", "PAT"}

// secretParts are substrings that mark a credential even inside a word:
// MYSQLPASSWORD, OPENAI_APIKEY, SOME_API_KEY, AWS_ACCESS_KEY_ID.
var secretParts = []string{"PASSWORD", "PASSPHRASE", "PASSWD", "API_KEY", "APIKEY", "ACCESS_KEY",
	"SECRET", "TOKEN", "CREDENTIAL", "PRIVATE_KEY", "AUTH_KEY"}

// secretPrefixes are whole families of cloud credentials.
var secretPrefixes = []string{"AWS_", "AZURE_", "GOOGLE_APPLICATION_CREDENTIALS", "GCP_", "DIGITALOCEAN_",
	"HCLOUD_", "OP_", "VAULT_"}

// secretNames are single variables that usually carry a password in a URL.
var secretNames = []string{"DATABASE_URL", "REDIS_URL", "MONGODB_URI", "MONGO_URL", "AMQP_URL", "NETRC"}

// IsSecretName reports whether an environment variable's name looks like
// it holds a credential: *_API_KEY, *_TOKEN, *_SECRET, *PASSWORD*,
// *PASSPHRASE*, *_KEY, AWS_* and the like (case does not matter). Such
// variables are not passed to the commands exec_shell runs nor to the MCP
// servers kin starts (see [Env]).
func IsSecretName(name string) bool {
	n := strings.ToUpper(name)
	if slices.Contains(secretNames, n) || strings.HasSuffix(n, "_KEY") || strings.HasSuffix(n, "_AUTH") {
		return true
	}
	for _, p := range secretPrefixes {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	for _, p := range secretParts {
		if strings.Contains(n, p) {
			return true
		}
	}
	for w := range strings.SplitSeq(n, "_") {
		if slices.Contains(secretWords, w) {
			return true
		}
	}
	return false
}

// Env returns env (NAME=value entries) without the variables whose names
// look like credentials, and the names it dropped.
func Env(env []string) (kept, dropped []string) {
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if IsSecretName(name) {
			dropped = append(dropped, name)
			continue
		}
		kept = append(kept, kv)
	}
	return kept, dropped
}

package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strings"

	"github.com/sabores/sabores/backend/internal/pgembed"
)

// pgxOnly are connection parameters pgx and pgxpool understand and libpq
// (so pg_dump and pg_restore) rejects; DATABASE_URL may carry them.
var pgxOnly = map[string]bool{
	"statement_cache_capacity":   true,
	"description_cache_capacity": true,
	"default_query_exec_mode":    true,
	"min_read_buffer_size":       true,
}

func isPgxOnly(key string) bool {
	return pgxOnly[key] || strings.HasPrefix(key, "pool_")
}

// pgTool runs pg_dump or pg_restore against dsn (none when empty), its
// output discarded and its complaints returned or logged. The password is taken out
// of the connection string, which any user of the machine can read in the
// process list, and handed over in PGPASSWORD, which only the process's
// owner can read; neither is ever logged. --no-password makes a missing one
// an error instead of a prompt nobody answers.
func pgTool(ctx context.Context, app *App, name, dsn string, args ...string) error {
	path, err := pgembed.FindTool(ctx, name)
	if err != nil {
		return err
	}
	env := os.Environ()
	if dsn != "" {
		conninfo, password, err := libpqConn(dsn)
		if err != nil {
			return err
		}
		args = append([]string{"--no-password", "--dbname=" + conninfo}, args...)
		if password != "" {
			env = append(env, "PGPASSWORD="+password)
		}
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w\n%s", name, err, strings.TrimSpace(stderr.String()))
	}
	if msg := strings.TrimSpace(stderr.String()); msg != "" {
		app.Log.Warn(name+" said", "output", msg)
	}
	return nil
}

// libpqConn splits a connection string, as a URL or as key=value pairs,
// into one libpq accepts with no password in it, and the password.
func libpqConn(dsn string) (conninfo, password string, err error) {
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			// Not wrapped: url's error quotes the string, password and all.
			return "", "", errors.New("DATABASE_URL is not a valid URL")
		}
		if u.User != nil {
			password, _ = u.User.Password()
			u.User = url.User(u.User.Username())
		}
		q := u.Query()
		if p := q.Get("password"); p != "" {
			password = p
		}
		for key := range q {
			if key == "password" || isPgxOnly(key) {
				q.Del(key)
			}
		}
		u.RawQuery = q.Encode()
		return u.String(), password, nil
	}
	pairs, err := parseKeywordValues(dsn)
	if err != nil {
		return "", "", err
	}
	var b strings.Builder
	for _, kv := range pairs {
		switch {
		case kv[0] == "password":
			password = kv[1]
		case isPgxOnly(kv[0]):
		default:
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(kv[0] + "='" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(kv[1]) + "'")
		}
	}
	return b.String(), password, nil
}

// parseKeywordValues reads libpq's "host=h dbname='my db'" form: values
// are bare words or single-quoted, with \ escaping the next character.
func parseKeywordValues(s string) ([][2]string, error) {
	var pairs [][2]string
	errBad := errors.New("DATABASE_URL is neither a postgres:// URL nor key=value pairs")
	i := 0
	skipSpace := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
	}
	for {
		skipSpace()
		if i == len(s) {
			return pairs, nil
		}
		eq := strings.IndexByte(s[i:], '=')
		if eq <= 0 {
			return nil, errBad
		}
		key := strings.TrimSpace(s[i : i+eq])
		if key == "" || strings.ContainsAny(key, " \t'\\") {
			return nil, errBad
		}
		i += eq + 1
		skipSpace()
		var val strings.Builder
		quoted := i < len(s) && s[i] == '\''
		if quoted {
			i++
		}
		for ; i < len(s); i++ {
			c := s[i]
			if c == '\\' && i+1 < len(s) {
				i++
				val.WriteByte(s[i])
				continue
			}
			if quoted && c == '\'' || !quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
				break
			}
			val.WriteByte(c)
		}
		if quoted {
			if i == len(s) {
				return nil, errBad
			}
			i++ // the closing quote
		}
		pairs = append(pairs, [2]string{key, val.String()})
	}
}

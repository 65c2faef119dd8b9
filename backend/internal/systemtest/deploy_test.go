package systemtest

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/cli"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// unit is what TestSystemdUnit reads of deploy/shopd.service's [Service].
type unit struct {
	execStart   []string
	environment [][2]string // in order: a later one wins, as in systemd
	envFiles    []string
	credentials map[string]string // name → source path
	stateDir    string
}

func parseUnit(t *testing.T, path string) unit {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	u := unit{credentials: map[string]string{}}
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			section = line
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("%s: not key=value: %q", path, line)
		}
		if section != "[Service]" {
			continue
		}
		switch key {
		case "ExecStart":
			u.execStart = strings.Fields(value)
		case "Environment":
			name, v, _ := strings.Cut(value, "=")
			u.environment = append(u.environment, [2]string{name, v})
		case "EnvironmentFile":
			u.envFiles = append(u.envFiles, value)
		case "LoadCredential":
			name, src, _ := strings.Cut(value, ":")
			u.credentials[name] = src
		case "StateDirectory":
			u.stateDir = value
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return u
}

// readEnvFile reads an EnvironmentFile as systemd does for the simple
// NAME=value lines an operator writes: comments and blank lines skipped,
// nothing quoted.
func readEnvFile(t *testing.T, path string, into map[string]string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("%s: not NAME=value: %q", path, line)
		}
		into[name] = value
	}
}

// TestSystemdUnit starts the shop as deploy/shopd.service would: its
// ExecStart's arguments, the example EnvironmentFile, then the unit's
// Environment= lines with %d (the credentials folder) and %S (the state
// root) filled in, and a credential file for each LoadCredential=. Only
// what points at this machine's world changes: a fresh database, free
// ports. The example is a production configuration, so shopd's production
// refusals pass too, and no secret is in the unit or the environment file.
func TestSystemdUnit(t *testing.T) {
	t.Parallel()
	u := parseUnit(t, "../../../deploy/shopd.service")
	if len(u.execStart) < 2 || filepath.Base(u.execStart[0]) != "shopd" {
		t.Fatalf("ExecStart = %q, want shopd and its command", u.execStart)
	}
	if u.stateDir == "" {
		t.Error("the unit has no StateDirectory")
	}
	if len(u.envFiles) != 1 || u.envFiles[0] != "/etc/sabores/shopd.env" {
		t.Fatalf("EnvironmentFile = %q, want /etc/sabores/shopd.env", u.envFiles)
	}

	creds := t.TempDir()
	state := t.TempDir()
	env := map[string]string{}
	readEnvFile(t, "../../../deploy/shopd.env.example", env)
	for name := range env {
		if strings.Contains(name, "SECRET") || strings.Contains(name, "PASSWORD") {
			t.Errorf("the example environment file sets %s: secrets belong in credentials", name)
		}
	}
	for _, kv := range u.environment {
		env[kv[0]] = strings.NewReplacer("%d", creds, "%S", state).Replace(kv[1])
	}
	secrets := map[string]string{
		"smtp_password":          "smtp-pass-7c1e",
		"google_client_secret":   sentinelGoogleSecret,
		"signin_secret":          strings.Repeat("s", 40),
		"withdrawal_link_secret": strings.Repeat("w", 40),
		// Empty: no card payments until the bank's terminal is configured.
		"redsys_secret_key": "",
	}
	for name := range u.credentials {
		value, ok := secrets[name]
		if !ok {
			t.Fatalf("the unit loads credential %q, which this test does not know", name)
		}
		if err := os.WriteFile(filepath.Join(creds, name), []byte(value+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for name, value := range env {
		if strings.HasSuffix(name, "_FILE") {
			cred := strings.TrimPrefix(value, creds+"/")
			if _, ok := u.credentials[cred]; !ok {
				t.Errorf("%s=%s reads no LoadCredential", name, value)
			}
		}
	}
	env["DATABASE_URL"] = dbtest.NewEmptyURL(t)
	env["METRICS_ADDR"] = "127.0.0.1:0"

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := &serving{out: &announcer{url: make(chan string, 1)}, logs: &logBuffer{}, done: make(chan error, 1)}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	args := append(u.execStart[1:], "--addr", "127.0.0.1:0")
	go func() { s.done <- cli.Run(ctx, args, lookup, s.out, s.logs) }()
	shop := s.opened(t)

	if got := status(t, shop+"/healthz"); got != http.StatusOK {
		t.Errorf("/healthz = %d, want 200", got)
	}
	// ProtectSystem=strict leaves only the StateDirectory writable.
	if env["DATA_DIR"] != filepath.Join(state, u.stateDir) {
		t.Errorf("DATA_DIR = %q, want the StateDirectory %s", env["DATA_DIR"], filepath.Join(state, u.stateDir))
	}
	logs := s.logs.String()
	for _, secret := range secrets {
		if secret != "" && strings.Contains(logs, secret) {
			t.Errorf("a credential's content reached the log")
		}
	}
	cancel()
	if err := <-s.done; err != nil {
		t.Errorf("serve returned %v after shutdown\n%s", err, logs)
	}
}

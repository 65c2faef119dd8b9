package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/config"
)

func noEnv(string) (string, bool) { return "", false }

func TestFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args     []string
		want     string
		wantRest []string
	}{
		{nil, "serve", nil},
		{[]string{"--addr", ":1"}, "serve", []string{"--addr", ":1"}},
		{[]string{"serve", "-addr=:1"}, "serve", []string{"-addr=:1"}},
		{[]string{"config", "--markdown"}, "config", []string{"--markdown"}},
		{[]string{"nope"}, "", []string{"nope"}},
	}
	for _, tt := range tests {
		cmd, rest := find(tt.args)
		got := ""
		if cmd != nil {
			got = cmd.Name
		}
		if got != tt.want || strings.Join(rest, " ") != strings.Join(tt.wantRest, " ") {
			t.Errorf("find(%q) = %q %q, want %q %q", tt.args, got, rest, tt.want, tt.wantRest)
		}
	}
}

func TestConfigCommand(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"config", "--markdown"}, noEnv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if out.String() != config.Markdown() {
		t.Errorf("config --markdown printed %q", out.String())
	}

	out.Reset()
	env := map[string]string{"GOOGLE_CLIENT_ID": "id", "GOOGLE_CLIENT_SECRET": "very-secret"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if err := Run(context.Background(), []string{"config", "--addr", ":9"}, lookup, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "ADDR=:9\n") || strings.Contains(out.String(), "very-secret") {
		t.Errorf("config printed:\n%s", out.String())
	}
}

func TestUnknownCommand(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	if err := Run(context.Background(), []string{"frobnicate"}, noEnv, io.Discard, &stderr); err == nil {
		t.Fatal("want an error")
	}
	if !strings.Contains(stderr.String(), "Commands:") {
		t.Errorf("usage not printed: %s", stderr.String())
	}
}

// TestCheckAndServeRefuseUnsafeProduction: `shopd check` prints every
// refusal and fails; `shopd serve` refuses the same before opening anything
// (no database is configured here: it would start an embedded one).
func TestCheckAndServeRefuseUnsafeProduction(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"ENV": "production", "PUBLIC_URL": "http://sabores.es", "METRICS_ADDR": "127.0.0.1:9090", "DATA_DIR": t.TempDir(),
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	for _, command := range []string{"check", "serve"} {
		var stderr bytes.Buffer
		err := Run(context.Background(), []string{command}, lookup, io.Discard, &stderr)
		if err == nil {
			t.Fatalf("%s accepted an unsafe production configuration", command)
		}
		for _, want := range []string{"PUBLIC_URL", "no sign-in method", "mail catcher", "WITHDRAWAL_LINK_SECRET", "SIGNIN_SECRET"} {
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("%s: the refusals do not name %s:\n%s", command, want, stderr.String())
			}
		}
		if n := strings.Count(stderr.String(), "refused: "); n != 6 {
			t.Errorf("%s printed %d refusals, want 6 (one line each):\n%s", command, n, stderr.String())
		}
	}
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"check"}, noEnv, &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "ok") {
		t.Errorf("check in development: %v, %q", err, out.String())
	}
}

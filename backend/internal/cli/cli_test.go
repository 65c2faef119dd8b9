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

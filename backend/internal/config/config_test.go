package config

import (
	"flag"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

func load(t *testing.T, env map[string]string, args ...string) (*Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := BindFlags(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	return f.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
}

func TestLoad(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		env   map[string]string
		args  []string
		check func(t *testing.T, c *Config)
	}{
		{
			name: "defaults",
			check: func(t *testing.T, c *Config) {
				t.Helper()
				if c.Addr != "localhost:8080" || c.DataDir != ".data" || c.Env != EnvDevelopment ||
					c.PublicURL != "http://localhost:8080" || c.LogLevel != slog.LevelInfo || c.LogFormat != "text" ||
					!c.SeedOnEmpty || c.GoogleIssuer != "https://accounts.google.com" || !c.DevSignIn ||
					c.SessionTTL != 720*time.Hour || c.DatabaseURL != "" || c.DBMaxConns != 8 ||
					c.DBStatementTimeout != 5*time.Second {
					t.Errorf("unexpected defaults: %s", c)
				}
			},
		},
		{
			name: "environment",
			env:  map[string]string{"ADDR": ":9000", "DATABASE_URL": "postgres://u:p@h/db", "LOG_LEVEL": "debug", "SEED_ON_EMPTY": "false"},
			check: func(t *testing.T, c *Config) {
				t.Helper()
				if c.Addr != ":9000" || c.DatabaseURL != "postgres://u:p@h/db" || c.LogLevel != slog.LevelDebug || c.SeedOnEmpty {
					t.Errorf("environment not applied: %s", c)
				}
			},
		},
		{
			name: "flags win over environment",
			env:  map[string]string{"ADDR": ":9000", "SESSION_TTL": "1h"},
			args: []string{"-addr", ":9001", "--session-ttl=2h"},
			check: func(t *testing.T, c *Config) {
				t.Helper()
				if c.Addr != ":9001" || c.SessionTTL != 2*time.Hour {
					t.Errorf("flags did not win: %s", c)
				}
			},
		},
		{
			name: "production turns dev sign-in off",
			env:  map[string]string{"ENV": "production", "METRICS_ADDR": "127.0.0.1:9090"},
			check: func(t *testing.T, c *Config) {
				t.Helper()
				if c.DevSignIn || c.Env != EnvProduction {
					t.Errorf("want dev sign-in off in production: %s", c)
				}
			},
		},
		{
			name: "dev sign-in can be forced on in production",
			env:  map[string]string{"ENV": "production", "METRICS_ADDR": "127.0.0.1:9090", "DEV_SIGNIN": "true"},
			check: func(t *testing.T, c *Config) {
				t.Helper()
				if !c.DevSignIn {
					t.Error("want dev sign-in on")
				}
			},
		},
		{
			name: "lists are trimmed and lowered",
			env:  map[string]string{"ADMIN_EMAILS": " Ana@Example.com, ,bo@example.com ", "ALLOWED_ORIGINS": "http://localhost:5175"},
			check: func(t *testing.T, c *Config) {
				t.Helper()
				if !slices.Equal(c.AdminEmails, []string{"ana@example.com", "bo@example.com"}) {
					t.Errorf("admin emails = %q", c.AdminEmails)
				}
				if want := []string{"http://localhost:5175"}; !slices.Equal(c.AllowedOrigins, want) {
					t.Errorf("allowed origins = %q, want %q", c.AllowedOrigins, want)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, err := load(t, tt.env, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, c)
		})
	}
}

// TestAPIKeyLifetimeUpToAYear: a year is the longest an API key may live.
func TestAPIKeyLifetimeUpToAYear(t *testing.T) {
	t.Parallel()
	c, err := load(t, map[string]string{"API_KEY_MAX_TTL": "8760h"})
	if err != nil || c.APIKeyMaxTTL != 365*24*time.Hour {
		t.Fatalf("API_KEY_MAX_TTL=8760h: %v, %v", c.APIKeyMaxTTL, err)
	}
}

func TestLoadRejectsBadValues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"ENV": "staging"}, "ENV"},
		{map[string]string{"LOG_FORMAT": "xml"}, "LOG_FORMAT"},
		{map[string]string{"LOG_LEVEL": "loud"}, "LOG_LEVEL"},
		{map[string]string{"SESSION_TTL": "forever"}, "SESSION_TTL"},
		{map[string]string{"SESSION_TTL": "-1h"}, "SESSION_TTL"},
		{map[string]string{"SEED_ON_EMPTY": "maybe"}, "SEED_ON_EMPTY"},
		{map[string]string{"PUBLIC_URL": "localhost:8080"}, "PUBLIC_URL"},
		{map[string]string{"ALLOWED_ORIGINS": "http://a.example/path"}, "ALLOWED_ORIGINS"},
		{map[string]string{"DB_MAX_CONNS": "0"}, "DB_MAX_CONNS"},
		{map[string]string{"GOOGLE_CLIENT_ID": "id"}, "GOOGLE_CLIENT_SECRET"},
		// An API key lives at most a year (365 days).
		{map[string]string{"API_KEY_MAX_TTL": "8761h"}, "API_KEY_MAX_TTL"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			t.Parallel()
			_, err := load(t, tt.env)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("load(%v) error = %v, want one naming %s", tt.env, err, tt.want)
			}
		})
	}
}

func TestSecretsNeverPrinted(t *testing.T) {
	t.Parallel()
	c, err := load(t, map[string]string{
		"GOOGLE_CLIENT_ID":     "client",
		"GOOGLE_CLIENT_SECRET": "s3cr3t-value",
		"DATABASE_URL":         "postgres://shop:hunter2@db.example/shop",
		"READ_DATABASE_URL":    "host=replica user=shop password=hunter2",
	})
	if err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("config", "config", c)
	for _, out := range []string{c.String(), logged.String()} {
		for _, secret := range []string{"s3cr3t-value", "hunter2"} {
			if strings.Contains(out, secret) {
				t.Errorf("%q leaks %q", out, secret)
			}
		}
		if !strings.Contains(out, "db.example") || !strings.Contains(out, "GOOGLE_CLIENT_SECRET=[redacted]") {
			t.Errorf("%q lost the non-secret parts", out)
		}
	}
	if _, err := load(t, map[string]string{"GOOGLE_CLIENT_ID": "x", "GOOGLE_CLIENT_SECRET": "s3cr3t-value", "ENV": "bad"}); err == nil ||
		strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("error %v should fail without the secret", err)
	}
}

func TestDefaultMatchesTable(t *testing.T) {
	t.Parallel()
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Default().String(), c.String(); got != want {
		t.Errorf("Default() = %s, want %s", got, want)
	}
}

// TestReadmeListsEveryOption keeps the README's configuration table in step
// with the code: regenerate it with `go run ./backend/cmd/shopd config-table`.
func TestReadmeListsEveryOption(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), Markdown()) {
		t.Errorf("README.md's configuration table is out of date; replace it with:\n%s", Markdown())
	}
}

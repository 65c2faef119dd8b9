package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// safeProduction is a production configuration nothing refuses.
func safeProduction() map[string]string {
	return map[string]string{
		"ENV": "production", "PUBLIC_URL": "https://sabores.es", "METRICS_ADDR": "127.0.0.1:9090",
		"GOOGLE_CLIENT_ID": "client.apps.googleusercontent.com", "GOOGLE_CLIENT_SECRET": "google-secret",
		"REDSYS_MERCHANT_CODE": "355868100", "REDSYS_SECRET_KEY": "Mk9m98IfEblmPfrpsawt7BmxObt98Jev", "REDSYS_ENVIRONMENT": "live",
		"SMTP_HOST": "smtp.example.com", "SMTP_PORT": "587", "SMTP_TLS": "starttls", "MAIL_FROM": "Sabores <pedidos@sabores.es>",
		"WITHDRAWAL_LINK_SECRET": strings.Repeat("w", 32), "SIGNIN_SECRET": strings.Repeat("s", 32),
	}
}

// TestProductionRefusesUnsafeSettings: each setting that would hurt a real
// shop, alone in an otherwise safe production configuration, is refused
// with a message naming it; the safe configuration starts.
func TestProductionRefusesUnsafeSettings(t *testing.T) {
	t.Parallel()
	c, err := load(t, safeProduction())
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Refusals(); len(r) != 0 {
		t.Fatalf("a safe production configuration is refused: %q", r)
	}
	for _, tt := range []struct {
		name  string
		set   map[string]string
		names string
	}{
		{"development sign-in", map[string]string{"DEV_SIGNIN": "true"}, "DEV_SIGNIN"},
		{"an http public URL", map[string]string{"PUBLIC_URL": "http://sabores.es"}, "PUBLIC_URL"},
		{"no public URL", map[string]string{"PUBLIC_URL": ""}, "PUBLIC_URL"},
		{"no sign-in method", map[string]string{"GOOGLE_CLIENT_ID": "", "GOOGLE_CLIENT_SECRET": ""}, "no sign-in method"},
		{"Redsys's published key", map[string]string{"REDSYS_SECRET_KEY": "sq7HjrUOBfKmC576ILgskD5srU870gJ7"}, "published test key"},
		{"Redsys's test merchant", map[string]string{"REDSYS_MERCHANT_CODE": "999008881"}, "REDSYS_MERCHANT_CODE"},
		{"Redsys's test environment", map[string]string{"REDSYS_ENVIRONMENT": "test"}, "REDSYS_ENVIRONMENT"},
		{"the mail catcher", map[string]string{"SMTP_HOST": "localhost", "SMTP_PORT": "1025", "SMTP_TLS": "none"}, "mail catcher"},
		{"a .local sender", map[string]string{"MAIL_FROM": "Sabores <pedidos@sabores.local>"}, "MAIL_FROM"},
		{"withdrawal links signed by the database's secret", map[string]string{"WITHDRAWAL_LINK_SECRET": ""}, "WITHDRAWAL_LINK_SECRET"},
		{"sign-in sealed by the database's secret", map[string]string{"SIGNIN_SECRET": ""}, "SIGNIN_SECRET"},
	} {
		env := safeProduction()
		for k, v := range tt.set {
			env[k] = v
		}
		c, err := load(t, env)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		r := c.Refusals()
		if len(r) != 1 || !strings.Contains(r[0], tt.names) {
			t.Errorf("%s: refusals %q, want one naming %s", tt.name, r, tt.names)
		}
	}
	// A rehearsal on Redsys's test platform, asked for by name.
	env := safeProduction()
	env["REDSYS_ENVIRONMENT"], env["REDSYS_ALLOW_TEST_IN_PRODUCTION"] = "test", "true"
	if c, err := load(t, env); err != nil || len(c.Refusals()) != 0 {
		t.Errorf("a rehearsal allowed by REDSYS_ALLOW_TEST_IN_PRODUCTION: %v %q", err, c.Refusals())
	}
	// Development refuses nothing of this.
	if c, err := load(t, nil); err != nil || len(c.Refusals()) != 0 {
		t.Errorf("development: %v, refusals %q", err, c.Refusals())
	}
}

// TestProductionNeverSeeds: the sample catalogue, customers and legal
// identity are loaded on an empty database in development only, unless
// asked.
func TestProductionNeverSeeds(t *testing.T) {
	t.Parallel()
	if c, err := load(t, safeProduction()); err != nil || c.SeedOnEmpty {
		t.Errorf("production seeds an empty database: %v", err)
	}
	if c, err := load(t, nil); err != nil || !c.SeedOnEmpty {
		t.Errorf("development does not seed an empty database: %v", err)
	}
}

// TestSecretsFromFiles: NAME_FILE reads an option from a file (a mounted
// secret), trailing newline dropped; NAME and NAME_FILE together are
// refused.
func TestSecretsFromFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "smtp")
	if err := os.WriteFile(path, []byte("s3cret-from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := load(t, map[string]string{"SMTP_PASSWORD_FILE": path})
	if err != nil || c.SMTPPassword != "s3cret-from-file" {
		t.Fatalf("SMTP_PASSWORD_FILE: %v, password %q", err, c.SMTPPassword)
	}
	if _, err := load(t, map[string]string{"SMTP_PASSWORD_FILE": path, "SMTP_PASSWORD": "x"}); err == nil || !strings.Contains(err.Error(), "both set") {
		t.Errorf("SMTP_PASSWORD and SMTP_PASSWORD_FILE together: %v", err)
	}
	if _, err := load(t, map[string]string{"SMTP_PASSWORD_FILE": filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing secret file was accepted")
	}
}

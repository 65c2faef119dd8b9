package config

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A made-up Sendcloud secret key.
const someSendcloudSecret = "sendcloud-secret-key-for-tests-0123456789"

// TestDevSendcloudRule: auto stands the development carrier in only in
// development, with no Sendcloud keys, where only this machine reaches the
// shop; true forces it except in production.
func TestDevSendcloudRule(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"defaults", nil, true},
		{"every address", map[string]string{"ADDR": ":8080"}, false},
		{"public URL elsewhere", map[string]string{"PUBLIC_URL": "https://tienda.example"}, false},
		{"real keys", map[string]string{"SENDCLOUD_PUBLIC_KEY": "pub", "SENDCLOUD_SECRET_KEY": someSendcloudSecret}, false},
		{"production", map[string]string{"ENV": EnvProduction, "METRICS_ADDR": "127.0.0.1:9090"}, false},
		{"forced on", map[string]string{"ADDR": ":8080", "PUBLIC_URL": "https://dev.example", "DEV_SENDCLOUD": "true"}, true},
		{"forced off", map[string]string{"DEV_SENDCLOUD": "false"}, false},
	} {
		c, err := load(t, tc.env)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.DevSendcloud != tc.want {
			t.Errorf("%s: DevSendcloud = %v, want %v", tc.name, c.DevSendcloud, tc.want)
		}
		if _, on := c.Sendcloud(); on != tc.want {
			t.Errorf("%s: labels on = %v, want %v (the stand-in alone turns them on here)", tc.name, on, tc.want)
		}
	}
}

// TestLabelOptionsRefused: the stand-in never starts in production, labels
// need keys and a shipping option, the keys go together, and no message
// prints a key.
func TestLabelOptionsRefused(t *testing.T) {
	t.Parallel()
	prod := safeProduction()
	prod["DEV_SENDCLOUD"] = "true"
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{prod, "never in production"},
		{map[string]string{"DEV_SENDCLOUD": "true", "SENDCLOUD_PUBLIC_KEY": "pub", "SENDCLOUD_SECRET_KEY": someSendcloudSecret}, "exclude each other"},
		{map[string]string{"SENDCLOUD_SECRET_KEY": someSendcloudSecret}, "must be set together"},
		{map[string]string{"DEV_SENDCLOUD": "false", "SHIPPING_LABELS": "true"}, "SHIPPING_LABELS needs"},
		{map[string]string{"DEV_SENDCLOUD": "false", "SHIPPING_LABELS": "true", "SENDCLOUD_PUBLIC_KEY": "pub", "SENDCLOUD_SECRET_KEY": someSendcloudSecret}, "SENDCLOUD_SHIPPING_OPTION"},
		{map[string]string{"SENDCLOUD_URL": "panel.sendcloud.sc"}, "SENDCLOUD_URL"},
		{map[string]string{"PARCEL_LINE_GRAMS": "0"}, "PARCEL_LINE_GRAMS"},
	} {
		_, err := load(t, tc.env)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("load(%v) error = %v, want one saying %q", tc.env, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), someSendcloudSecret) {
			t.Errorf("error %v prints the secret key", err)
		}
	}
}

// TestProductionLabels: production buys labels from Sendcloud over https
// only, with the keys it was given, which are never printed; the keys
// also come from files.
func TestProductionLabels(t *testing.T) {
	t.Parallel()
	secretFile := filepath.Join(t.TempDir(), "sendcloud")
	if err := os.WriteFile(secretFile, []byte(someSendcloudSecret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := safeProduction()
	env["SHIPPING_LABELS"], env["SENDCLOUD_PUBLIC_KEY"], env["SENDCLOUD_SECRET_KEY_FILE"] = "true", "pub-key-1", secretFile
	env["SENDCLOUD_SHIPPING_OPTION"] = "correos:standard"
	c, err := load(t, env)
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Refusals(); len(r) != 0 {
		t.Fatalf("production with Sendcloud's keys is refused: %q", r)
	}
	sc, on := c.Sendcloud()
	if !on || sc.Dev || sc.Base != SendcloudLiveURL || sc.SecretKey != someSendcloudSecret || sc.Standard != "correos:standard" {
		t.Errorf("Sendcloud() = %+v, %v; want the live API with the keys given", sc, on)
	}
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("config", "config", c)
	for _, out := range []string{c.String(), logged.String()} {
		if strings.Contains(out, someSendcloudSecret) || strings.Contains(out, "pub-key-1") {
			t.Errorf("the keys are printed: %s", out)
		}
	}
	env["SENDCLOUD_URL"] = "http://panel.sendcloud.sc/api/v3"
	if c, err = load(t, env); err != nil {
		t.Fatal(err)
	}
	if r := c.Refusals(); len(r) != 1 || !strings.Contains(r[0], "SENDCLOUD_URL") {
		t.Errorf("an http SENDCLOUD_URL in production: refusals %q, want one naming SENDCLOUD_URL", r)
	}
}

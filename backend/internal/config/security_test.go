package config

import (
	"strings"
	"testing"
	"time"
)

// TestPasswordParameterMasked: a password given as a connection parameter
// (?password=…) is masked like the one inside the URL's user part.
func TestPasswordParameterMasked(t *testing.T) {
	t.Parallel()
	c, err := load(t, map[string]string{
		"DATABASE_URL":      "postgres://shop@db.example/shop?sslmode=require&password=hunter2",
		"READ_DATABASE_URL": "postgres://shop@replica/shop?PASSWORD=hunter3",
	})
	if err != nil {
		t.Fatal(err)
	}
	out := c.String()
	for _, secret := range []string{"hunter2", "hunter3"} {
		if strings.Contains(out, secret) {
			t.Errorf("%q leaks %q", out, secret)
		}
	}
	if !strings.Contains(out, "sslmode=require") || !strings.Contains(out, "db.example") {
		t.Errorf("%q lost the non-secret parts", out)
	}
}

// TestPublicURLFollowsAddr: without PUBLIC_URL, sign-in redirects go where
// shopd listens (`--addr :9000` is http://localhost:9000), not to :8080.
func TestPublicURLFollowsAddr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  map[string]string
		want string
	}{
		{nil, "http://localhost:8080"},
		{map[string]string{"ADDR": ":9000"}, "http://localhost:9000"},
		{map[string]string{"ADDR": "0.0.0.0:9000"}, "http://localhost:9000"},
		{map[string]string{"ADDR": "[::]:9001"}, "http://localhost:9001"},
		{map[string]string{"ADDR": "127.0.0.1:8081"}, "http://127.0.0.1:8081"},
		{map[string]string{"ADDR": "[::1]:8082"}, "http://[::1]:8082"},
		{map[string]string{"ADDR": ":9000", "PUBLIC_URL": "https://shop.example.com"}, "https://shop.example.com"},
	}
	for _, tt := range tests {
		c, err := load(t, tt.env)
		if err != nil {
			t.Fatal(err)
		}
		if c.PublicURL != tt.want {
			t.Errorf("%v: PUBLIC_URL = %q, want %q", tt.env, c.PublicURL, tt.want)
		}
	}
}

// TestDevSignInOnlyOnLoopback: the development provider lets anyone sign in
// as an admin, so `auto` turns it on only when both the listen address and
// the public URL are loopback and no Google client is configured; setting it
// explicitly still works.
func TestDevSignInOnlyOnLoopback(t *testing.T) {
	t.Parallel()
	google := map[string]string{"GOOGLE_CLIENT_ID": "x", "GOOGLE_CLIENT_SECRET": "y"}
	with := func(base map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	tests := []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"default install (./task start)", nil, true},
		{"loopback address and URL", with(nil, "ADDR", "127.0.0.1:8080", "PUBLIC_URL", "http://127.0.0.1:8080"), true},
		{"IPv6 loopback", with(nil, "ADDR", "[::1]:8080"), true},
		{"Vite in front (./task dev)", with(nil, "ADDR", "127.0.0.1:8080", "PUBLIC_URL", "http://localhost:5175"), true},
		{"every address", with(nil, "ADDR", ":9000"), false},
		{"wildcard address", with(nil, "ADDR", "0.0.0.0:9000", "PUBLIC_URL", "http://localhost:9000"), false},
		{"https public URL", with(nil, "PUBLIC_URL", "https://shop.example.com"), false},
		{"public host", with(nil, "ADDR", "shop.example.com:80"), false},
		{"Google configured", with(google, "PUBLIC_URL", "https://shop.example.com"), false},
		{"Google configured on loopback", google, false},
		{"production", with(nil, "ENV", "production", "METRICS_ADDR", "127.0.0.1:9090"), false},
		{"explicitly on", with(google, "PUBLIC_URL", "https://shop.example.com", "DEV_SIGNIN", "true"), true},
		{"explicitly off", with(nil, "DEV_SIGNIN", "false"), false},
	}
	for _, tt := range tests {
		c, err := load(t, tt.env)
		if err != nil {
			t.Fatal(err)
		}
		if c.DevSignIn != tt.want {
			t.Errorf("%s: DEV_SIGNIN = %v, want %v", tt.name, c.DevSignIn, tt.want)
		}
	}
}

// TestSessionLifetimes: sessions have an absolute lifetime, shorter for
// admins, both configurable.
func TestSessionLifetimes(t *testing.T) {
	t.Parallel()
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.SessionMaxAge != 90*24*time.Hour || c.AdminSessionMaxAge != 12*time.Hour {
		t.Errorf("defaults = %v, %v; want 90 days and 12 h", c.SessionMaxAge, c.AdminSessionMaxAge)
	}
	c, err = load(t, map[string]string{"SESSION_MAX_AGE": "240h"}, "--admin-session-max-age=4h")
	if err != nil {
		t.Fatal(err)
	}
	if c.SessionMaxAge != 240*time.Hour || c.AdminSessionMaxAge != 4*time.Hour {
		t.Errorf("set = %v, %v; want 240h and 4h", c.SessionMaxAge, c.AdminSessionMaxAge)
	}
	if _, err := load(t, map[string]string{"ADMIN_SESSION_MAX_AGE": "0s"}); err == nil {
		t.Error("ADMIN_SESSION_MAX_AGE=0s accepted")
	}
}

// TestProductionMetricsAndReflection: in production /metrics is served only
// on its own listener unless PUBLIC_METRICS says otherwise, and reflection
// (the whole API's shape for anyone who asks) is off unless turned on.
func TestProductionMetricsAndReflection(t *testing.T) {
	t.Parallel()
	prod := func(kv ...string) map[string]string {
		env := map[string]string{"ENV": "production", "PUBLIC_URL": "https://shop.example.com"}
		for i := 0; i < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	if _, err := load(t, prod()); err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Errorf("production without METRICS_ADDR: %v, want an error naming METRICS_ADDR", err)
	}
	if _, err := load(t, prod("METRICS_ADDR", "localhost:8080")); err == nil {
		t.Error("METRICS_ADDR on the shop's own address accepted")
	}
	c, err := load(t, prod("METRICS_ADDR", "127.0.0.1:9090"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Reflection {
		t.Error("reflection is on in production by default")
	}
	if c, err = load(t, prod("PUBLIC_METRICS", "true", "REFLECTION", "true")); err != nil || !c.Reflection {
		t.Errorf("production told to serve metrics on ADDR with reflection: %v, reflection %v", err, c != nil && c.Reflection)
	}
	if c, err = load(t, nil); err != nil || !c.Reflection || c.MetricsAddr != "" {
		t.Errorf("development: %v; want reflection on and /metrics on ADDR", err)
	}
}

// TestTrustedProxies: X-Forwarded-For is believed from no one by default,
// and from the listed addresses and ranges when configured.
func TestTrustedProxies(t *testing.T) {
	t.Parallel()
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.TrustedProxies) != 0 {
		t.Errorf("default trusts %v, want no one", c.TrustedProxies)
	}
	c, err = load(t, map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7,::1"})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.String(); !strings.Contains(got, "TRUSTED_PROXIES=10.0.0.0/8,192.168.1.7/32,::1/128") {
		t.Errorf("config = %s", got)
	}
	if _, err := load(t, map[string]string{"TRUSTED_PROXIES": "proxy.local"}); err == nil || !strings.Contains(err.Error(), "TRUSTED_PROXIES") {
		t.Errorf("a host name accepted: %v", err)
	}
}

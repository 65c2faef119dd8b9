package config

import (
	"strings"
	"testing"
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

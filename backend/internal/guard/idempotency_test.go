package guard

import (
	"strings"
	"testing"
)

func TestParseIdempotencyKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		header, want string
		ok           bool
	}{
		{`"8e03978e-40d5-43e8-bc93-6894a57f9324"`, "8e03978e-40d5-43e8-bc93-6894a57f9324", true},
		{"8e03978e-40d5-43e8-bc93-6894a57f9324", "8e03978e-40d5-43e8-bc93-6894a57f9324", true},
		{" order-17 sync ", "order-17 sync", true},
		{strings.Repeat("k", 255), strings.Repeat("k", 255), true},
		{strings.Repeat("k", 256), "", false},
		{`""`, "", false},
		{`"a"b"`, "", false},
		{`back\slash`, "", false},
		{"clé", "", false},
		{"tab\there", "", false},
	} {
		got, ok := parseIdempotencyKey(tc.header)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseIdempotencyKey(%q) = %q, %v; want %q, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
}

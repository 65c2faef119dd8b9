package contact_test

import (
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/contact"
)

// TestNewsletterTokens: a link's token works for its own subscription,
// address and action only, and a changed character breaks it.
func TestNewsletterTokens(t *testing.T) {
	t.Parallel()
	key, other := []byte("0123456789abcdef0123456789abcdef"), []byte("fedcba9876543210fedcba9876543210")
	tok := contact.NewsletterToken(key, contact.NewsletterConfirm, 42, "ana@example.com")
	if id, ok := contact.NewsletterTokenID(tok); !ok || id != 42 {
		t.Fatalf("token %q reads as subscription %d, %v", tok, id, ok)
	}
	tests := []struct {
		name   string
		key    []byte
		action contact.NewsletterAction
		id     int64
		email  string
		token  string
		want   bool
	}{
		{"its own link", key, contact.NewsletterConfirm, 42, "ana@example.com", tok, true},
		{"another action", key, contact.NewsletterUnsubscribe, 42, "ana@example.com", tok, false},
		{"another subscription", key, contact.NewsletterConfirm, 43, "ana@example.com", tok, false},
		{"another address", key, contact.NewsletterConfirm, 42, "eve@example.com", tok, false},
		{"another key", other, contact.NewsletterConfirm, 42, "ana@example.com", tok, false},
		{"a changed signature", key, contact.NewsletterConfirm, 42, "ana@example.com", tok[:len(tok)-1] + "A", false},
		{"the same signature with its unused last bits set", key, contact.NewsletterConfirm, 42, "ana@example.com", withUnusedBits(tok), false},
		{"no signature", key, contact.NewsletterConfirm, 42, "ana@example.com", "42", false},
	}
	for _, tt := range tests {
		if got := contact.ValidNewsletterToken(tt.key, tt.action, tt.id, tt.email, tt.token); got != tt.want {
			t.Errorf("%s: valid = %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, bad := range []string{"", "x.y", "-1.abc", "0.abc"} {
		if _, ok := contact.NewsletterTokenID(bad); ok {
			t.Errorf("NewsletterTokenID(%q) accepted", bad)
		}
	}
	if link := contact.NewsletterLink("https://sabores.test/", contact.NewsletterUnsubscribe, tok); !strings.HasPrefix(link, "https://sabores.test/newsletter?baja=42.") {
		t.Errorf("unsubscribe link = %s", link)
	}
}

// withUnusedBits sets the last character's low bit, which a 32-byte
// signature in unpadded base64 leaves unused: a lenient decoder reads the
// same bytes, so only a strict one tells the link was changed.
func withUnusedBits(tok string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, tok[len(tok)-1])
	return tok[:len(tok)-1] + string(alphabet[last|1])
}

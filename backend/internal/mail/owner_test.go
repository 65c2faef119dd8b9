package mail_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/mail"
)

// TestOwnerAlertsSayWhatAndWhereToAct: each alert names its endpoint or
// key in the subject, gives its figures, and links the screen to act on.
func TestOwnerAlertsSayWhatAndWhereToAct(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	shop := mail.Identity{Name: "Sabores"}
	for _, c := range []struct {
		alert   mail.OwnerAlert
		subject string
		body    []string
	}{
		{mail.OwnerAlert{Webhook: &mail.WebhookAlert{URL: "https://erp.example/hooks", Failures: 14, FailingSince: at.Add(-25 * time.Hour), DisabledAt: at},
			Link: "https://sabores.test/admin/webhooks"}, "https://erp.example/hooks", []string{"14", "https://sabores.test/admin/webhooks"}},
		{mail.OwnerAlert{Key: &mail.KeyAlert{Name: "ERP", Prefix: "sab_ab12", ExpiresAt: at}, Link: "https://sabores.test/admin/api-keys"},
			"«ERP»", []string{"sab_ab12", "https://sabores.test/admin/api-keys"}},
	} {
		subject, html, text, err := mail.RenderOwnerAlert(c.alert, shop)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(subject, c.subject) {
			t.Errorf("subject %q does not name %q", subject, c.subject)
		}
		for _, want := range c.body {
			if !strings.Contains(html, want) || !strings.Contains(text, want) {
				t.Errorf("%q missing from the html or the text:\n%s", want, text)
			}
		}
	}
}

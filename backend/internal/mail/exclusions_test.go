package mail_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/mail"
)

// TestWithdrawalExclusionsSayWhatTheReturnPolicySays reads the return
// policy's sentence on the excluded products from the web app's texts
// (frontend/src/locales/<lang>/legal.json, returns.exclusions) and finds it,
// word for word, in the e-mails that state the right of withdrawal: the
// order's confirmation and the "delivered" e-mail, from which the 14 days
// run. An e-mail once excluded "perishable or sealed products that have
// been opened", as if an unopened perishable could be returned (issue 38).
func TestWithdrawalExclusionsSayWhatTheReturnPolicySays(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"es", "pt"} {
		b, err := os.ReadFile("../../../frontend/src/locales/" + lang + "/legal.json")
		if err != nil {
			t.Fatal(err)
		}
		var legal struct {
			Returns struct {
				Exclusions string `json:"exclusions"`
			} `json:"returns"`
		}
		if err := json.Unmarshal(b, &legal); err != nil {
			t.Fatalf("%s legal.json: %v", lang, err)
		}
		if legal.Returns.Exclusions == "" {
			t.Fatalf("%s legal.json has no returns.exclusions", lang)
		}
		for _, kind := range []mail.Kind{mail.OrderReceived, mail.Delivered} {
			_, html, text, err := mail.Render(kind, order(lang, "card"), shop)
			if err != nil {
				t.Fatalf("%s %s: %v", lang, kind, err)
			}
			if !strings.Contains(text, legal.Returns.Exclusions) || !strings.Contains(html, legal.Returns.Exclusions) {
				t.Errorf("%s %s: the e-mail does not carry the return policy's sentence %q", lang, kind, legal.Returns.Exclusions)
			}
		}
	}
}

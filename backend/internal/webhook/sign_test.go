package webhook_test

import (
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/webhook"
)

// TestSignMatchesTheSpecification: the Standard Webhooks specification's
// own example signs to its published signature, so receivers using its
// libraries accept our deliveries.
func TestSignMatchesTheSpecification(t *testing.T) {
	t.Parallel()
	sig, err := webhook.Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; sig != want {
		t.Errorf("signature %q, want %q", sig, want)
	}
}

// TestVerifyRecipe: the receivers' recipe (docs/integrators.md) accepts a
// genuine delivery, under either secret during a rotation, and detects a
// forged body, a foreign secret and a replay older than five minutes.
func TestVerifyRecipe(t *testing.T) {
	t.Parallel()
	secret, err := webhook.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	old, _ := webhook.NewSecret()
	now := time.Now()
	body := []byte(`{"id":"0b6c","type":"order.paid","data":{"order_id":7}}`)
	signed := func(secret string, at time.Time, body []byte) http.Header {
		sig, err := webhook.Sign(secret, "0b6c", at, body)
		if err != nil {
			t.Fatal(err)
		}
		h := http.Header{}
		h.Set("webhook-id", "0b6c")
		h.Set("webhook-timestamp", strconv.FormatInt(at.Unix(), 10))
		h.Set("webhook-signature", sig)
		return h
	}
	stranger, _ := webhook.NewSecret()
	for _, tt := range []struct {
		name    string
		secrets []string
		header  http.Header
		body    []byte
		want    error
	}{
		{"genuine", []string{secret}, signed(secret, now, body), body, nil},
		{"during a rotation", []string{old, secret}, signed(secret, now.Add(-time.Minute), body), body, nil},
		{"forged body", []string{secret}, signed(secret, now, body), []byte(`{"id":"0b6c","type":"order.paid","data":{"order_id":8}}`), webhook.ErrBadSignature},
		{"foreign secret", []string{secret}, signed(stranger, now, body), body, webhook.ErrBadSignature},
		{"replayed after 6 minutes", []string{secret}, signed(secret, now.Add(-6*time.Minute), body), body, webhook.ErrStale},
		{"from the future", []string{secret}, signed(secret, now.Add(6*time.Minute), body), body, webhook.ErrStale},
		{"unsigned", []string{secret}, http.Header{}, body, webhook.ErrMissingHeaders},
	} {
		if err := webhook.Verify(tt.secrets, tt.header, tt.body, now); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
	// A replay with a fresh timestamp but the old signature fails too: the
	// timestamp is signed.
	h := signed(secret, now.Add(-6*time.Minute), body)
	h.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	if err := webhook.Verify([]string{secret}, h, body, now); !errors.Is(err, webhook.ErrBadSignature) {
		t.Errorf("a replay re-stamped: %v, want a bad signature", err)
	}
}

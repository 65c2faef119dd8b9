// Package webhook delivers the shop's domain events (the feed module's) to
// the endpoints the owner registers, signed as the Standard Webhooks
// specification describes (https://www.standardwebhooks.com): headers
// webhook-id (the event's stable id), webhook-timestamp (Unix seconds) and
// webhook-signature ("v1," and the base64 HMAC-SHA256 of
// "<id>.<timestamp>.<body>" under the endpoint's secret). Delivery is at
// least once: a receiver deduplicates on webhook-id.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// SecretPrefix starts every endpoint secret, as the specification's
// libraries expect.
const SecretPrefix = "whsec_"

// Tolerance is how far a delivery's timestamp may be from the receiver's
// clock: older deliveries are refused as replays.
const Tolerance = 5 * time.Minute

// NewSecret is a new endpoint secret: 24 random bytes, base64.
func NewSecret() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("webhook: new secret: %w", err)
	}
	return SecretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

// key is the HMAC key of a secret: the bytes its base64 encodes.
func key(secret string) ([]byte, error) {
	k, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil {
		return nil, fmt.Errorf("webhook: secret is not base64: %w", err)
	}
	return k, nil
}

// Sign is the webhook-signature of a delivery: "v1," and the base64
// HMAC-SHA256 of id, timestamp and body joined by dots.
func Sign(secret, id string, at time.Time, body []byte) (string, error) {
	k, err := key(secret)
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, k)
	fmt.Fprintf(mac, "%s.%d.", id, at.Unix())
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// Errors of Verify.
var (
	ErrMissingHeaders = errors.New("webhook: webhook-id, webhook-timestamp or webhook-signature missing")
	ErrStale          = errors.New("webhook: timestamp outside the 5-minute tolerance")
	ErrBadSignature   = errors.New("webhook: no signature matches")
)

// Verify is the receiver's recipe (docs/integrators.md): the timestamp
// within Tolerance of now (a replay of an old delivery fails), and one of
// the space-separated signatures equal, in constant time, to the one any
// of secrets (two during a rotation) makes of the raw body.
func Verify(secrets []string, h http.Header, body []byte, now time.Time) error {
	id, ts, sigs := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	if id == "" || ts == "" || sigs == "" {
		return ErrMissingHeaders
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return ErrStale
	}
	at := time.Unix(unix, 0)
	if now.Sub(at) > Tolerance || at.Sub(now) > Tolerance {
		return ErrStale
	}
	for _, secret := range secrets {
		want, err := Sign(secret, id, at, body)
		if err != nil {
			return err
		}
		for sig := range strings.FieldsSeq(sigs) {
			if hmac.Equal([]byte(sig), []byte(want)) {
				return nil
			}
		}
	}
	return ErrBadSignature
}

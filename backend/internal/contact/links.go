package contact

import (
	"context"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
)

// The newsletter's links: a confirmation link in the e-mail that asks to
// confirm a subscription (double opt-in), and an unsubscribe link in every
// newsletter e-mail. Each carries a token signed with a key only the server
// holds: the subscription's number and an HMAC of the action, the number
// and the address, so a link works for its own subscription and action only
// and nobody can make one for someone else's address.

// NewsletterAction is what a newsletter link does.
type NewsletterAction string

// The links.
const (
	NewsletterConfirm     NewsletterAction = "confirm"
	NewsletterUnsubscribe NewsletterAction = "unsubscribe"
	// BackInStockConfirm confirms a back-in-stock request; its id is the
	// request's.
	BackInStockConfirm NewsletterAction = "stock_confirm"
)

// NewsletterConsentVersion names the consent text the newsletter box shows
// (frontend/src/locales/*/common.json "newsletter.consent"); change both
// together, so each stored consent names the text agreed to.
const NewsletterConsentVersion = "2026-11-24"

// newsletterSecret names the shared secret the links' key comes from.
const newsletterSecret = "newsletter.links"

// NewsletterKey is the key the links are signed with, derived from a secret
// kept in the database (made by the first replica to ask), so every replica
// and every restart signs and checks alike.
func NewsletterKey(ctx context.Context, q *db.Queries) ([]byte, error) {
	secret, err := auth.SharedSecret(ctx, q, newsletterSecret)
	if err != nil {
		return nil, err
	}
	key, err := hkdf.Key(sha256.New, secret, nil, "sabores newsletter links", 32)
	if err != nil {
		return nil, fmt.Errorf("contact: newsletter key: %w", err)
	}
	return key, nil
}

func newsletterMAC(key []byte, action NewsletterAction, id int64, email string) []byte {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%s\x00%d\x00%s", action, id, email)
	return m.Sum(nil)
}

// NewsletterToken is the token of a link doing action on subscription id
// for email.
func NewsletterToken(key []byte, action NewsletterAction, id int64, email string) string {
	return strconv.FormatInt(id, 10) + "." + base64.RawURLEncoding.EncodeToString(newsletterMAC(key, action, id, email))
}

// NewsletterTokenID reads the subscription number of a token, before its
// signature can be checked against the subscription's address.
func NewsletterTokenID(token string) (int64, bool) {
	idText, _, ok := strings.Cut(token, ".")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(idText, 10, 64)
	return id, err == nil && id > 0
}

// ValidNewsletterToken says whether token is the one of action on
// subscription id for email, in constant time.
func ValidNewsletterToken(key []byte, action NewsletterAction, id int64, email, token string) bool {
	_, sig, ok := strings.Cut(token, ".")
	if !ok {
		return false
	}
	got, err := base64.RawURLEncoding.Strict().DecodeString(sig)
	return err == nil && hmac.Equal(got, newsletterMAC(key, action, id, email))
}

// NewsletterLink is the storefront address that does action with token.
func NewsletterLink(publicURL string, action NewsletterAction, token string) string {
	param := "confirmar"
	switch action {
	case NewsletterUnsubscribe:
		param = "baja"
	case BackInStockConfirm:
		param = "aviso"
	}
	return strings.TrimSuffix(publicURL, "/") + "/newsletter?" + url.Values{param: {token}}.Encode()
}

// UnsubscribePath is the one-click unsubscribe address (RFC 8058) every
// newsletter carries in its List-Unsubscribe header and its body: a POST
// unsubscribes at once, without cookies; a GET leads to the page that asks
// first (OneClickRoutes).
const UnsubscribePath = "/newsletter/unsubscribe"

// UnsubscribeOneClickLink is the one-click unsubscribe address of token.
func UnsubscribeOneClickLink(publicURL, token string) string {
	return strings.TrimSuffix(publicURL, "/") + UnsubscribePath + "?" + url.Values{"token": {token}}.Encode()
}

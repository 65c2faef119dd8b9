package withdrawal

import (
	"context"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
)

// Links signs and checks the tokens of the withdrawal links in
// order e-mails, which let a shopper withdraw without signing in. Order
// numbers are sequential, so a token is never the number alone: it is the
// number with an HMAC-SHA256 over it and the order's creation time, under a
// key only shopd holds. A token stops working when the order's withdrawal
// period ends (checked where it is used: the end is known only once the
// order is delivered).
type Links struct {
	key []byte
}

// linkSecretName names the stored secret used when the configuration sets none.
const linkSecretName = "withdrawal.link"

// NewLinks derives the signing key from configured (the
// WITHDRAWAL_LINK_SECRET option) or, when it is empty, from a secret every
// replica shares in the database, made by the first one that needs it.
func NewLinks(ctx context.Context, q *db.Queries, configured string) (*Links, error) {
	secret := []byte(configured)
	if configured == "" {
		stored, err := auth.SharedSecret(ctx, q, linkSecretName)
		if err != nil {
			return nil, err
		}
		secret = stored
	}
	key, err := hkdf.Key(sha256.New, secret, nil, "sabores withdrawal link", 32)
	if err != nil {
		return nil, fmt.Errorf("withdrawal: link key: %w", err)
	}
	return &Links{key: key}, nil
}

// Token is the link token of the order orderID placed at placed.
func (w *Links) Token(orderID int64, placed time.Time) string {
	return strconv.FormatInt(orderID, 10) + "." + base64.RawURLEncoding.EncodeToString(w.mac(orderID, placed))
}

// OrderOf reads the order number a token claims; the caller then checks it
// with Valid against that order's creation time.
func (w *Links) OrderOf(token string) (int64, bool) {
	num, _, ok := strings.Cut(token, ".")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(num, 10, 64)
	return id, err == nil && id > 0
}

// Valid says token was signed by this shop for the order orderID placed at
// placed, comparing in constant time.
func (w *Links) Valid(token string, orderID int64, placed time.Time) bool {
	_, sig, ok := strings.Cut(token, ".")
	if !ok {
		return false
	}
	got, err := base64.RawURLEncoding.Strict().DecodeString(sig)
	if err != nil {
		return false
	}
	return hmac.Equal(got, w.mac(orderID, placed))
}

func (w *Links) mac(orderID int64, placed time.Time) []byte {
	h := hmac.New(sha256.New, w.key)
	var buf [16]byte
	binary.BigEndian.PutUint64(buf[:8], uint64(orderID))            //nolint:gosec // ids are positive
	binary.BigEndian.PutUint64(buf[8:], uint64(placed.UnixMicro())) //nolint:gosec // any bits will do
	h.Write(buf[:])
	return h.Sum(nil)[:20]
}

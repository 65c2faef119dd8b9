// Package redsys speaks Redsys's redirect integration ("conexión por
// redirección") and its REST interface with the HMAC_SHA256_V1 signature:
// the three form fields a browser posts to the payment page, the
// server-to-server notification that alone decides whether an order is
// paid, and the refund request. It is plain Go over the standard library,
// with no state: the caller keeps orders and attempts.
//
// The signature, as Redsys documents it: the merchant secret is Base64 of a
// 24-byte 3DES key; the order number, zero-padded to a multiple of 8 bytes,
// encrypted with it in CBC mode under a zero IV is the per-order key; the
// signature is the Base64 HMAC-SHA256 of the Ds_MerchantParameters string
// under that key. Notifications send it in the URL-safe alphabet.
package redsys

import (
	"crypto/cipher"
	"crypto/des" //nolint:gosec // Redsys's HMAC_SHA256_V1 derives its per-order key with 3DES; no choice here.
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
)

// SignatureVersion is the only signature scheme this package speaks.
const SignatureVersion = "HMAC_SHA256_V1"

// CurrencyEUR is ISO 4217's numeric code for the euro, the only currency the
// shop sells in.
const CurrencyEUR = "978"

// Transaction types used by the shop.
const (
	// TransactionAuthorisation is a plain payment.
	TransactionAuthorisation = "0"
	// TransactionRefund returns money of an authorised payment ("devolución").
	TransactionRefund = "3"
)

// PayMethodBizum in DS_MERCHANT_PAYMETHODS sends the shopper straight to
// Bizum instead of the card form.
const PayMethodBizum = "z"

// Public test credentials that Redsys publishes for its test environment
// (sis-t): any shop may use them, so they prove nothing and must never sign
// a live payment. The development gateway speaks with them.
const (
	TestMerchantCode = "999008881"
	TestTerminal     = "1"
	TestSecretKey    = "sq7HjrUOBfKmC576ILgskD5srU870gJ7"
)

// Endpoints are where one Redsys environment takes payments and REST calls.
type Endpoints struct {
	// Redirect is where the browser posts the payment form.
	Redirect string
	// REST takes server-to-server operations such as refunds.
	REST string
}

// The two Redsys environments.
var (
	TestEndpoints = Endpoints{
		Redirect: "https://sis-t.redsys.es:25443/sis/realizarPago",
		REST:     "https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST",
	}
	LiveEndpoints = Endpoints{
		Redirect: "https://sis.redsys.es/sis/realizarPago",
		REST:     "https://sis.redsys.es/sis/rest/trataPeticionREST",
	}
)

// Errors of this package. Wrapped errors say more; callers compare with
// errors.Is.
var (
	// ErrSecret means the merchant secret is not Base64 of a 24-byte key.
	ErrSecret = errors.New("redsys: the secret key must be Base64 of 24 bytes")
	// ErrMalformed means fields that cannot be read as Redsys sends them.
	ErrMalformed = errors.New("redsys: malformed message")
	// ErrVersion means a signature scheme other than HMAC_SHA256_V1.
	ErrVersion = errors.New("redsys: unsupported signature version")
	// ErrSignature means the signature does not match the parameters: forged
	// or altered, or signed with another key.
	ErrSignature = errors.New("redsys: signature does not match")
	// ErrMerchant means a correctly signed message for another merchant code.
	ErrMerchant = errors.New("redsys: message for another merchant")
	// ErrOrderNumber means an order number Redsys would refuse.
	ErrOrderNumber = errors.New("redsys: invalid order number")
)

// Merchant is one Redsys terminal and its secret key.
type Merchant struct {
	// Code is the merchant code ("FUC"), up to 9 digits.
	Code string
	// Terminal is the terminal number, up to 3 digits.
	Terminal string
	key      []byte
}

var (
	merchantCodePattern = regexp.MustCompile(`^[0-9]{1,9}$`)
	terminalPattern     = regexp.MustCompile(`^[0-9]{1,3}$`)
)

// NewMerchant checks the credentials of one terminal. secret is the key
// shown in Redsys's administration module, Base64 as shown there.
func NewMerchant(code, terminal, secret string) (*Merchant, error) {
	if !merchantCodePattern.MatchString(code) {
		return nil, fmt.Errorf("%w: merchant code %q is not 1 to 9 digits", ErrMalformed, code)
	}
	if !terminalPattern.MatchString(terminal) {
		return nil, fmt.Errorf("%w: terminal %q is not 1 to 3 digits", ErrMalformed, terminal)
	}
	key, err := base64.StdEncoding.DecodeString(secret)
	if err != nil || len(key) != 24 {
		return nil, ErrSecret
	}
	return &Merchant{Code: code, Terminal: terminal, key: key}, nil
}

// orderKey is the per-order key: the order number, zero-padded to whole
// 8-byte blocks, encrypted with 3DES-CBC under a zero IV.
func (m *Merchant) orderKey(order string) []byte {
	block, err := des.NewTripleDESCipher(m.key) //nolint:gosec // see the import
	if err != nil {
		// NewMerchant accepted only 24-byte keys, which never fail here.
		panic(err)
	}
	padded := make([]byte, (len(order)+7)/8*8)
	copy(padded, order)
	out := make([]byte, len(padded))
	cipher.NewCBCEncrypter(block, make([]byte, des.BlockSize)).CryptBlocks(out, padded)
	return out
}

// mac is the raw signature of params (the Ds_MerchantParameters string as
// sent) for order.
func (m *Merchant) mac(order, params string) []byte {
	h := hmac.New(sha256.New, m.orderKey(order))
	h.Write([]byte(params))
	return h.Sum(nil)
}

// Sign is the Ds_Signature of params for order, in the standard Base64
// alphabet that requests use.
func (m *Merchant) Sign(order, params string) string {
	return base64.StdEncoding.EncodeToString(m.mac(order, params))
}

// SignURLSafe is the Ds_Signature of params for order in the URL-safe
// alphabet that notifications use.
func (m *Merchant) SignURLSafe(order, params string) string {
	return base64.URLEncoding.EncodeToString(m.mac(order, params))
}

// verify says in constant time whether signature, in either Base64
// alphabet, padded or not, is params' signature for order.
func (m *Merchant) verify(order, params, signature string) bool {
	got, ok := decodeBase64(signature)
	return ok && hmac.Equal(got, m.mac(order, params))
}

// decodeBase64 reads s in the standard or the URL-safe alphabet, padded or
// not: Redsys uses both alphabets in different messages.
func decodeBase64(s string) ([]byte, bool) {
	for _, enc := range []*base64.Encoding{
		base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding,
	} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, true
		}
	}
	return nil, false
}

// Package redsys speaks Redsys's redirect integration ("conexión por
// redirección") and its REST interface with the HMAC_SHA256_V1 and
// HMAC_SHA512_V2 signatures:
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
//
// HMAC_SHA512_V2, as Redsys's own example library computes it: the AES-128
// key is the first 16 characters of the secret as shown (not Base64
// decoded), right-padded with "0"; the order number, PKCS#7-padded,
// encrypted with it in CBC mode under a zero IV and written in Base64 is
// the per-order key (its Base64 text, not its bytes); the signature is the
// unpadded URL-safe Base64 HMAC-SHA512 of Ds_MerchantParameters under it.
package redsys

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/des" //nolint:gosec // Redsys's HMAC_SHA256_V1 derives its per-order key with 3DES; no choice here.
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"hash"
	"regexp"
)

// The signature schemes a terminal may be configured for.
const (
	// SignatureVersion is HMAC_SHA256_V1, 3DES diversification and
	// HMAC-SHA256: every terminal accepts it, and NewMerchant signs with it.
	SignatureVersion = "HMAC_SHA256_V1"
	// SignatureSHA512V2 is HMAC_SHA512_V2, AES diversification and
	// HMAC-SHA512.
	SignatureSHA512V2 = "HMAC_SHA512_V2"
)

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
	// ErrVersion means a signature scheme other than HMAC_SHA256_V1 and
	// HMAC_SHA512_V2.
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
	// secret is the key as shown, which HMAC_SHA512_V2 uses as text.
	secret string
	// version is the scheme requests are signed with.
	version string
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
	return &Merchant{Code: code, Terminal: terminal, key: key, secret: secret, version: SignatureVersion}, nil
}

// WithSignatureVersion is m signing its requests with version
// (SignatureVersion or SignatureSHA512V2). Notifications are verified in
// whichever version they name either way.
func (m *Merchant) WithSignatureVersion(version string) (*Merchant, error) {
	if version != SignatureVersion && version != SignatureSHA512V2 {
		return nil, fmt.Errorf("%w: %q", ErrVersion, version)
	}
	c := *m
	c.version = version
	return &c, nil
}

// SignatureVersion is the scheme m signs requests with.
func (m *Merchant) SignatureVersion() string { return m.version }

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

// orderKeyV2 is HMAC_SHA512_V2's per-order key: the Base64 text of the
// order number, PKCS#7-padded, encrypted with AES-128-CBC under a zero IV
// with the first 16 characters of the secret, right-padded with "0".
func (m *Merchant) orderKeyV2(order string) []byte {
	aesKey := []byte((m.secret + "0000000000000000")[:16])
	block, err := aes.NewCipher(aesKey)
	if err != nil {
		panic(err) // a 16-byte key never fails
	}
	pad := aes.BlockSize - len(order)%aes.BlockSize
	padded := append([]byte(order), bytes.Repeat([]byte{byte(pad)}, pad)...)
	out := make([]byte, len(padded))
	cipher.NewCBCEncrypter(block, make([]byte, aes.BlockSize)).CryptBlocks(out, padded)
	return []byte(base64.StdEncoding.EncodeToString(out))
}

// mac is the raw signature of params (the Ds_MerchantParameters string as
// sent) for order in version.
func (m *Merchant) mac(version, order, params string) []byte {
	var h hash.Hash
	if version == SignatureSHA512V2 {
		h = hmac.New(sha512.New, m.orderKeyV2(order))
	} else {
		h = hmac.New(sha256.New, m.orderKey(order))
	}
	h.Write([]byte(params))
	return h.Sum(nil)
}

// Sign is the Ds_Signature of params for order in m's version, in the
// alphabet Redsys's libraries write requests in: standard Base64 for
// HMAC_SHA256_V1, unpadded URL-safe for HMAC_SHA512_V2.
func (m *Merchant) Sign(order, params string) string {
	if m.version == SignatureSHA512V2 {
		return base64.RawURLEncoding.EncodeToString(m.mac(m.version, order, params))
	}
	return base64.StdEncoding.EncodeToString(m.mac(m.version, order, params))
}

// SignURLSafe is the Ds_Signature of params for order in m's version and
// the URL-safe alphabet that notifications use.
func (m *Merchant) SignURLSafe(order, params string) string {
	if m.version == SignatureSHA512V2 {
		return base64.RawURLEncoding.EncodeToString(m.mac(m.version, order, params))
	}
	return base64.URLEncoding.EncodeToString(m.mac(m.version, order, params))
}

// verify says in constant time whether signature, in either Base64
// alphabet, padded or not, is params' signature for order in version.
func (m *Merchant) verify(version, order, params, signature string) bool {
	got, ok := decodeBase64(signature)
	return ok && hmac.Equal(got, m.mac(version, order, params))
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

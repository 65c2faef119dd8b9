package redsys

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// maxParameters bounds Ds_MerchantParameters: Redsys's notifications are a
// few hundred bytes, so anything much larger is not from Redsys.
const maxParameters = 16 << 10

// Params are decoded Ds_MerchantParameters: names as sent (Redsys writes
// "Ds_Order" in notifications and accepts "DS_MERCHANT_ORDER" in requests),
// every value as a string.
type Params map[string]string

// Get returns the value named name, matched without regard to case.
func (p Params) Get(name string) string {
	if v, ok := p[name]; ok {
		return v
	}
	for k, v := range p {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}

// DecodeParameters reads a Ds_MerchantParameters string: Base64 (either
// alphabet) of a flat JSON object whose values are strings or numbers. It
// does not check any signature.
func DecodeParameters(encoded string) (Params, error) {
	if len(encoded) == 0 || len(encoded) > maxParameters {
		return nil, fmt.Errorf("%w: parameters of %d bytes", ErrMalformed, len(encoded))
	}
	raw, ok := decodeBase64(encoded)
	if !ok {
		return nil, fmt.Errorf("%w: parameters are not Base64", ErrMalformed)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var fields map[string]any
	if err := dec.Decode(&fields); err != nil || dec.More() {
		return nil, fmt.Errorf("%w: parameters are not a JSON object", ErrMalformed)
	}
	params := make(Params, len(fields))
	seen := make(map[string]bool, len(fields))
	for k, v := range fields {
		// Two spellings of one name would let a reader pick either.
		if lower := strings.ToLower(k); seen[lower] {
			return nil, fmt.Errorf("%w: parameter %q given twice", ErrMalformed, k)
		} else {
			seen[lower] = true
		}
		switch v := v.(type) {
		case string:
			params[k] = v
		case json.Number:
			params[k] = v.String()
		case nil:
			params[k] = ""
		default:
			return nil, fmt.Errorf("%w: parameter %q is not a string", ErrMalformed, k)
		}
	}
	return params, nil
}

// Result is a verified message from Redsys about one operation: a
// notification of a payment, or the answer to a REST refund.
type Result struct {
	// Order is the Redsys order number (Ds_Order).
	Order string
	// AmountCents is Ds_Amount in euro cents.
	AmountCents int64
	// Currency is Ds_Currency, "978" for euros.
	Currency string
	// MerchantCode and Terminal identify the terminal that took it.
	MerchantCode string
	Terminal     string
	// Response is Ds_Response as a number: 0–99 an authorised payment, 900
	// an accepted refund, anything else a refusal or an error.
	Response int
	// TransactionType is Ds_TransactionType ("0" payment, "3" refund).
	TransactionType string
	// AuthorisationCode is the issuer's code of an authorised payment.
	AuthorisationCode string
	// Params holds every field as sent.
	Params Params
}

// Authorised says whether the result is a payment that went through:
// Redsys's response codes 0000 to 0099.
func (r Result) Authorised() bool {
	return r.TransactionType == TransactionAuthorisation && r.Response >= 0 && r.Response <= 99
}

// RefundAccepted says whether the result is an accepted refund (0900).
func (r Result) RefundAccepted() bool {
	return r.TransactionType == TransactionRefund && r.Response == 900
}

var (
	digits        = regexp.MustCompile(`^[0-9]{1,12}$`)
	responseCode  = regexp.MustCompile(`^[0-9]{1,4}$`)
	orderReceived = regexp.MustCompile(`^[0-9A-Za-z]{1,12}$`)
)

// Verify checks a message Redsys signed (a notification, or a REST answer)
// and decodes it. The signature is checked before anything in it is
// believed: its key is derived from the order number inside the
// parameters, so that number is read first, only to derive the key. A
// message that verifies but is for another merchant code is refused too.
func (m *Merchant) Verify(f Form) (Result, error) {
	if f.SignatureVersion != SignatureVersion && f.SignatureVersion != SignatureSHA512V2 {
		return Result{}, fmt.Errorf("%w: %q", ErrVersion, f.SignatureVersion)
	}
	params, err := DecodeParameters(f.MerchantParameters)
	if err != nil {
		return Result{}, err
	}
	order := params.Get("Ds_Order")
	if !orderReceived.MatchString(order) {
		return Result{}, fmt.Errorf("%w: order number %q", ErrMalformed, order)
	}
	if !m.verify(f.SignatureVersion, order, f.MerchantParameters, f.Signature) {
		return Result{}, ErrSignature
	}
	r := Result{
		Order:             order,
		Currency:          params.Get("Ds_Currency"),
		MerchantCode:      params.Get("Ds_MerchantCode"),
		Terminal:          params.Get("Ds_Terminal"),
		TransactionType:   params.Get("Ds_TransactionType"),
		AuthorisationCode: strings.TrimSpace(params.Get("Ds_AuthorisationCode")),
		Params:            params,
	}
	if r.MerchantCode != m.Code {
		return Result{}, fmt.Errorf("%w: %q", ErrMerchant, r.MerchantCode)
	}
	amount := params.Get("Ds_Amount")
	if !digits.MatchString(amount) {
		return Result{}, fmt.Errorf("%w: amount %q", ErrMalformed, amount)
	}
	r.AmountCents, _ = strconv.ParseInt(amount, 10, 64)
	response := params.Get("Ds_Response")
	if !responseCode.MatchString(response) {
		return Result{}, fmt.Errorf("%w: response code %q", ErrMalformed, response)
	}
	r.Response, _ = strconv.Atoi(response)
	return r, nil
}

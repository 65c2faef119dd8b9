package redsys

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// The two functions below are Redsys's side of the protocol, for the
// development gateway that stands in for it and for tests: reading what a
// shop sends, and signing what Redsys answers.

// VerifyRequest checks a request a shop signed (a payment form or a REST
// call) for this merchant and returns its parameters.
func (m *Merchant) VerifyRequest(f Form) (Params, error) {
	if f.SignatureVersion != SignatureVersion && f.SignatureVersion != SignatureSHA512V2 {
		return nil, fmt.Errorf("%w: %q", ErrVersion, f.SignatureVersion)
	}
	params, err := DecodeParameters(f.MerchantParameters)
	if err != nil {
		return nil, err
	}
	order := params.Get("DS_MERCHANT_ORDER")
	if err := ValidOrderNumber(order); err != nil {
		return nil, err
	}
	if !m.verify(f.SignatureVersion, order, f.MerchantParameters, f.Signature) {
		return nil, ErrSignature
	}
	if code := params.Get("DS_MERCHANT_MERCHANTCODE"); code != m.Code {
		return nil, fmt.Errorf("%w: %q", ErrMerchant, code)
	}
	return params, nil
}

// SignNotification encodes fields (Ds_Order, Ds_Amount, Ds_Response…) and
// signs them in m's version as Redsys signs its notifications: both the
// parameters and the signature in the URL-safe Base64 alphabet.
func (m *Merchant) SignNotification(fields map[string]string) (Form, error) {
	order := fields["Ds_Order"]
	if !orderReceived.MatchString(order) {
		return Form{}, fmt.Errorf("%w: order number %q", ErrMalformed, order)
	}
	raw, err := json.Marshal(fields)
	if err != nil {
		return Form{}, fmt.Errorf("redsys: encode notification: %w", err)
	}
	params := base64.URLEncoding.EncodeToString(raw)
	return Form{SignatureVersion: m.version, MerchantParameters: params, Signature: m.SignURLSafe(order, params)}, nil
}

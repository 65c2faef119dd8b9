package redsys

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
)

// Form is the three fields of a signed Redsys message, as the browser posts
// them to the payment page, Redsys posts them to the notification URL, and
// the REST interface takes and returns them.
type Form struct {
	SignatureVersion   string `json:"Ds_SignatureVersion"`
	MerchantParameters string `json:"Ds_MerchantParameters"`
	Signature          string `json:"Ds_Signature"`
}

// Payment is what the shop asks Redsys to charge.
type Payment struct {
	// Order is the Redsys order number (see OrderNumber).
	Order string
	// AmountCents is the amount in euro cents.
	AmountCents int64
	// MerchantURL receives the server-to-server notification.
	MerchantURL string
	// URLOK and URLKO are where the browser returns after a payment that
	// went through or did not.
	URLOK string
	URLKO string
	// Bizum sends the shopper to Bizum instead of the card form.
	Bizum bool
	// Language is Redsys's consumer language code ("001" Spanish, "009"
	// Portuguese); empty leaves Redsys's default.
	Language string
}

// Languages of Redsys's payment page (DS_MERCHANT_CONSUMERLANGUAGE).
const (
	LanguageSpanish    = "001"
	LanguagePortuguese = "009"
)

// PaymentForm signs p: the fields the browser posts to Endpoints.Redirect.
func (m *Merchant) PaymentForm(p Payment) (Form, error) {
	if err := ValidOrderNumber(p.Order); err != nil {
		return Form{}, err
	}
	if p.AmountCents <= 0 {
		return Form{}, fmt.Errorf("%w: amount %d cents", ErrMalformed, p.AmountCents)
	}
	params := map[string]string{
		"DS_MERCHANT_AMOUNT":          strconv.FormatInt(p.AmountCents, 10),
		"DS_MERCHANT_ORDER":           p.Order,
		"DS_MERCHANT_MERCHANTCODE":    m.Code,
		"DS_MERCHANT_TERMINAL":        m.Terminal,
		"DS_MERCHANT_CURRENCY":        CurrencyEUR,
		"DS_MERCHANT_TRANSACTIONTYPE": TransactionAuthorisation,
		"DS_MERCHANT_MERCHANTURL":     p.MerchantURL,
		"DS_MERCHANT_URLOK":           p.URLOK,
		"DS_MERCHANT_URLKO":           p.URLKO,
	}
	if p.Bizum {
		params["DS_MERCHANT_PAYMETHODS"] = PayMethodBizum
	}
	if p.Language != "" {
		params["DS_MERCHANT_CONSUMERLANGUAGE"] = p.Language
	}
	return m.sign(p.Order, params)
}

// sign encodes params (Base64 of their JSON, the standard alphabet as
// Redsys's own libraries write it) and signs them for order.
func (m *Merchant) sign(order string, params map[string]string) (Form, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return Form{}, fmt.Errorf("redsys: encode parameters: %w", err)
	}
	encoded := base64.StdEncoding.EncodeToString(raw)
	return Form{SignatureVersion: m.version, MerchantParameters: encoded, Signature: m.Sign(order, encoded)}, nil
}

package redsys

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// RefundForm signs a refund (transaction type 3) of amountCents of the
// payment made under order, the body of a REST call to Endpoints.REST.
// Several partial refunds of one payment are allowed up to its amount.
func (m *Merchant) RefundForm(order string, amountCents int64) (Form, error) {
	if err := ValidOrderNumber(order); err != nil {
		return Form{}, err
	}
	if amountCents <= 0 {
		return Form{}, fmt.Errorf("%w: refund of %d cents", ErrMalformed, amountCents)
	}
	return m.sign(order, map[string]string{
		"DS_MERCHANT_AMOUNT":          strconv.FormatInt(amountCents, 10),
		"DS_MERCHANT_ORDER":           order,
		"DS_MERCHANT_MERCHANTCODE":    m.Code,
		"DS_MERCHANT_TERMINAL":        m.Terminal,
		"DS_MERCHANT_CURRENCY":        CurrencyEUR,
		"DS_MERCHANT_TRANSACTIONTYPE": TransactionRefund,
	})
}

// RESTError is Redsys's answer to a REST call it would not process, e.g.
// SIS0057 (refund above what is left of the payment).
type RESTError struct {
	Code string
}

func (e *RESTError) Error() string { return "redsys: refused with " + e.Code }

// maxRESTAnswer bounds what is read of a REST answer.
const maxRESTAnswer = 64 << 10

// Refund asks Redsys, at endpoint (Endpoints.REST), to refund amountCents
// of order's payment and returns its verified answer: check
// Result.RefundAccepted. Whether a call that failed on the way reached
// Redsys is unknown, so the caller records the attempt before and the
// outcome after.
func (m *Merchant) Refund(ctx context.Context, client *http.Client, endpoint, order string, amountCents int64) (Result, error) {
	form, err := m.RefundForm(order, amountCents)
	if err != nil {
		return Result{}, err
	}
	body, err := json.Marshal(form)
	if err != nil {
		return Result{}, fmt.Errorf("redsys: encode refund: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return Result{}, fmt.Errorf("redsys: refund request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("redsys: refund: %w", err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxRESTAnswer))
	if err != nil {
		return Result{}, fmt.Errorf("redsys: refund answer: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		return Result{}, fmt.Errorf("redsys: refund answered HTTP %d", res.StatusCode)
	}
	return m.ReadRESTAnswer(raw)
}

// ReadRESTAnswer reads the JSON a REST call answers: either an error code
// or a signed message, which is verified.
func (m *Merchant) ReadRESTAnswer(raw []byte) (Result, error) {
	var answer struct {
		Form
		ErrorCode string `json:"errorCode"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return Result{}, fmt.Errorf("%w: REST answer is not JSON", ErrMalformed)
	}
	if answer.ErrorCode != "" {
		return Result{}, &RESTError{Code: answer.ErrorCode}
	}
	return m.Verify(answer.Form)
}

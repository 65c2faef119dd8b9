package redsys

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func testMerchant(t *testing.T) *Merchant {
	t.Helper()
	return mustMerchant(t, TestMerchantCode, TestTerminal, TestSecretKey)
}

// notification signs fields as Redsys's notification would (URL-safe).
func notification(m *Merchant, fields map[string]string) Form {
	raw, _ := json.Marshal(fields)
	params := base64.URLEncoding.EncodeToString(raw)
	return Form{SignatureVersion: SignatureVersion, MerchantParameters: params, Signature: m.SignURLSafe(fields["Ds_Order"], params)}
}

func goodFields() map[string]string {
	return map[string]string{
		"Ds_Order": "00012N", "Ds_Amount": "1234", "Ds_Currency": "978", "Ds_MerchantCode": TestMerchantCode,
		"Ds_Terminal": "001", "Ds_Response": "0000", "Ds_TransactionType": "0", "Ds_AuthorisationCode": "123456",
	}
}

func TestPaymentFormRoundTrip(t *testing.T) {
	m := testMerchant(t)
	f, err := m.PaymentForm(Payment{Order: "00012N", AmountCents: 1234, MerchantURL: "https://shop/n", URLOK: "https://shop/ok", URLKO: "https://shop/ko", Bizum: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := DecodeParameters(f.MerchantParameters)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{
		"DS_MERCHANT_AMOUNT": "1234", "DS_MERCHANT_ORDER": "00012N", "DS_MERCHANT_MERCHANTCODE": "999008881",
		"DS_MERCHANT_TERMINAL": "1", "DS_MERCHANT_CURRENCY": "978", "DS_MERCHANT_TRANSACTIONTYPE": "0",
		"DS_MERCHANT_MERCHANTURL": "https://shop/n", "DS_MERCHANT_URLOK": "https://shop/ok",
		"DS_MERCHANT_URLKO": "https://shop/ko", "DS_MERCHANT_PAYMETHODS": "z",
	} {
		if got := p.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if f.SignatureVersion != SignatureVersion || f.Signature != m.Sign("00012N", f.MerchantParameters) {
		t.Errorf("form %+v", f)
	}
	for _, bad := range []Payment{{Order: "12", AmountCents: 1}, {Order: "00012N", AmountCents: 0}} {
		if _, err := m.PaymentForm(bad); err == nil {
			t.Errorf("PaymentForm(%+v) accepted", bad)
		}
	}
}

// TestVerifyRefusesForgedAndMismatched: every message below must be
// refused, with the error that says why.
func TestVerifyRefusesForgedAndMismatched(t *testing.T) {
	m := testMerchant(t)
	other := mustMerchant(t, TestMerchantCode, TestTerminal, phpExampleKey)
	good := notification(m, goodFields())
	with := func(change func(map[string]string)) map[string]string {
		f := goodFields()
		change(f)
		return f
	}
	// Parameters whose order number was changed after signing.
	retargeted := notification(m, goodFields())
	retargeted.MerchantParameters = notification(m, with(func(f map[string]string) { f["Ds_Order"] = "00013N" })).MerchantParameters
	tampered := notification(m, goodFields())
	tampered.MerchantParameters = notification(m, with(func(f map[string]string) { f["Ds_Amount"] = "1" })).MerchantParameters

	for _, tc := range []struct {
		name string
		form Form
		want error
	}{
		{"another key", notification(other, goodFields()), ErrSignature},
		{"amount changed after signing", tampered, ErrSignature},
		{"order changed after signing", retargeted, ErrSignature},
		{"signature of other parameters", Form{SignatureVersion: SignatureVersion, MerchantParameters: good.MerchantParameters, Signature: notification(m, with(func(f map[string]string) { f["Ds_Response"] = "0190" })).Signature}, ErrSignature},
		{"empty signature", Form{SignatureVersion: SignatureVersion, MerchantParameters: good.MerchantParameters}, ErrSignature},
		{"signature not Base64", Form{SignatureVersion: SignatureVersion, MerchantParameters: good.MerchantParameters, Signature: "***"}, ErrSignature},
		{"truncated signature", Form{SignatureVersion: SignatureVersion, MerchantParameters: good.MerchantParameters, Signature: good.Signature[:20]}, ErrSignature},
		{"V1 signature named V2", Form{SignatureVersion: SignatureSHA512V2, MerchantParameters: good.MerchantParameters, Signature: good.Signature}, ErrSignature},
		{"unknown version", Form{SignatureVersion: "HMAC_SHA1_V0", MerchantParameters: good.MerchantParameters, Signature: good.Signature}, ErrVersion},
		{"no version", Form{MerchantParameters: good.MerchantParameters, Signature: good.Signature}, ErrVersion},
		{"parameters not Base64", Form{SignatureVersion: SignatureVersion, MerchantParameters: "%%%", Signature: good.Signature}, ErrMalformed},
		{"parameters not JSON", Form{SignatureVersion: SignatureVersion, MerchantParameters: base64.StdEncoding.EncodeToString([]byte("Ds_Order=1")), Signature: good.Signature}, ErrMalformed},
		{"no order", notification(m, with(func(f map[string]string) { delete(f, "Ds_Order") })), ErrMalformed},
		{"order too long", notification(m, with(func(f map[string]string) { f["Ds_Order"] = "0001234567890" })), ErrMalformed},
		{"another merchant", notification(m, with(func(f map[string]string) { f["Ds_MerchantCode"] = "999008882" })), ErrMerchant},
		{"amount not a number", notification(m, with(func(f map[string]string) { f["Ds_Amount"] = "12.34" })), ErrMalformed},
		{"negative amount", notification(m, with(func(f map[string]string) { f["Ds_Amount"] = "-5" })), ErrMalformed},
		{"no response code", notification(m, with(func(f map[string]string) { delete(f, "Ds_Response") })), ErrMalformed},
		{"huge parameters", Form{SignatureVersion: SignatureVersion, MerchantParameters: strings.Repeat("A", maxParameters+4), Signature: good.Signature}, ErrMalformed},
	} {
		if _, err := m.Verify(tc.form); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}

	// Names spelt twice in different case are refused, however signed.
	raw := `{"Ds_Order":"00012N","DS_ORDER":"00013N"}`
	params := base64.StdEncoding.EncodeToString([]byte(raw))
	if _, err := m.Verify(Form{SignatureVersion: SignatureVersion, MerchantParameters: params, Signature: m.Sign("00012N", params)}); !errors.Is(err, ErrMalformed) {
		t.Errorf("duplicate names: err = %v", err)
	}
}

func TestVerifyAcceptsBothAlphabets(t *testing.T) {
	m := testMerchant(t)
	n := notification(m, goodFields())
	for _, sig := range []string{n.Signature, m.Sign("00012N", n.MerchantParameters), strings.TrimRight(n.Signature, "=")} {
		n.Signature = sig
		r, err := m.Verify(n)
		if err != nil {
			t.Fatalf("signature %q: %v", sig, err)
		}
		if r.Order != "00012N" || r.AmountCents != 1234 || !r.Authorised() {
			t.Errorf("decoded %+v", r)
		}
	}
}

func TestResponseCodes(t *testing.T) {
	for _, tc := range []struct {
		code, txType       string
		authorised, refund bool
	}{
		{"0000", "0", true, false}, {"0099", "0", true, false}, {"99", "0", true, false},
		{"0100", "0", false, false}, {"0190", "0", false, false}, {"9915", "0", false, false},
		{"0900", "3", false, true}, {"0000", "3", false, false}, {"0900", "0", false, false},
	} {
		m := testMerchant(t)
		f := goodFields()
		f["Ds_Response"], f["Ds_TransactionType"] = tc.code, tc.txType
		r, err := m.Verify(notification(m, f))
		if err != nil {
			t.Fatal(err)
		}
		if r.Authorised() != tc.authorised || r.RefundAccepted() != tc.refund {
			t.Errorf("%s type %s: authorised %v refund %v", tc.code, tc.txType, r.Authorised(), r.RefundAccepted())
		}
	}
}

// FuzzVerify feeds arbitrary fields to Verify: it must never panic, and
// must never accept a message the test key did not sign.
func FuzzVerify(f *testing.F) {
	m, _ := NewMerchant(TestMerchantCode, TestTerminal, TestSecretKey)
	good := notification(m, goodFields())
	f.Add(good.SignatureVersion, good.MerchantParameters, good.Signature)
	f.Add(SignatureVersion, testEnvNotification, "O9aFvML5qK8VBQhV4GK8kFHvmAQaSnX1hfckr7abzIs=")
	f.Add(SignatureVersion, "e30=", "")
	f.Fuzz(func(t *testing.T, version, params, signature string) {
		r, err := m.Verify(Form{SignatureVersion: version, MerchantParameters: params, Signature: signature})
		if err != nil {
			return
		}
		if !m.verify(version, r.Order, params, signature) || r.MerchantCode != TestMerchantCode {
			t.Fatalf("accepted an unsigned message: %+v", r)
		}
	})
}

func TestOrderNumbers(t *testing.T) {
	for _, tc := range []struct {
		id                  int64
		generation, attempt int
		want                string
	}{
		// Generation 0 writes what the shop wrote before restores had a
		// generation, so numbers already issued read back the same.
		{1, 0, 1, "00011"}, {35, 0, 2, "0002Z"}, {36, 0, 1, "000110"}, {123456789, 0, 999, "099921I3V9"},
		{maxOrderID, 0, 1, "0001ZZZZZZZZ"},
		{1, 1, 1, "10011"}, {123456789, 9, 999, "999921I3V9"},
	} {
		got, err := OrderNumber(tc.id, tc.generation, tc.attempt)
		if err != nil || got != tc.want {
			t.Errorf("OrderNumber(%d, %d, %d) = %q, %v; want %q", tc.id, tc.generation, tc.attempt, got, err, tc.want)
			continue
		}
		if ValidOrderNumber(got) != nil || len(got) > 12 {
			t.Errorf("%q is not a Redsys order number", got)
		}
		id, generation, attempt, err := ParseOrderNumber(got)
		if err != nil || id != tc.id || generation != tc.generation || attempt != tc.attempt {
			t.Errorf("ParseOrderNumber(%q) = %d, %d, %d, %v", got, id, generation, attempt, err)
		}
	}
	for _, bad := range []struct {
		id                  int64
		generation, attempt int
	}{{0, 0, 1}, {-1, 0, 1}, {maxOrderID + 1, 0, 1}, {1, 0, 0}, {1, 0, 1000}, {1, -1, 1}, {1, 10, 1}} {
		if got, err := OrderNumber(bad.id, bad.generation, bad.attempt); !errors.Is(err, ErrOrderNumber) {
			t.Errorf("OrderNumber(%d, %d, %d) = %q, %v", bad.id, bad.generation, bad.attempt, got, err)
		}
	}
	for _, bad := range []string{"", "0001", "00010", "0001z", "00010001", "A0011", "0001ZZZZZZZZZ", "1446068581", "0001-1", "10001"} {
		if _, _, _, err := ParseOrderNumber(bad); !errors.Is(err, ErrOrderNumber) {
			t.Errorf("ParseOrderNumber(%q) accepted", bad)
		}
	}
}

// TestGenerationsNeverShareNumbers: whatever attempts two generations
// count, an order's numbers in one are never numbers of another.
func TestGenerationsNeverShareNumbers(t *testing.T) {
	seen := map[string]string{}
	for generation := 0; generation <= MaxGeneration; generation++ {
		for attempt := 1; attempt <= MaxAttempts; attempt++ {
			n, err := OrderNumber(42, generation, attempt)
			if err != nil {
				t.Fatal(err)
			}
			if before, ok := seen[n]; ok {
				t.Fatalf("%s is generation %d attempt %d and %s", n, generation, attempt, before)
			}
			seen[n] = fmt.Sprintf("generation %d attempt %d", generation, attempt)
		}
	}
}

func TestNewMerchantRefusesBadCredentials(t *testing.T) {
	for _, tc := range []struct{ code, terminal, secret string }{
		{"", "1", TestSecretKey}, {"1234567890", "1", TestSecretKey}, {"99900888a", "1", TestSecretKey},
		{TestMerchantCode, "", TestSecretKey}, {TestMerchantCode, "1000", TestSecretKey},
		{TestMerchantCode, "1", ""}, {TestMerchantCode, "1", "c2hvcnQ="}, {TestMerchantCode, "1", "not base64!"},
	} {
		if _, err := NewMerchant(tc.code, tc.terminal, tc.secret); err == nil {
			t.Errorf("NewMerchant(%q, %q, %q) accepted", tc.code, tc.terminal, tc.secret)
		}
	}
}

// TestRefund runs a refund against a stand-in of Redsys's REST interface
// that checks the request the way Redsys would and answers signed.
func TestRefund(t *testing.T) {
	m := testMerchant(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var f Form
		if err := json.Unmarshal(body, &f); err != nil || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		p, err := DecodeParameters(f.MerchantParameters)
		if err != nil || !m.verify(f.SignatureVersion, p.Get("DS_MERCHANT_ORDER"), f.MerchantParameters, f.Signature) {
			_, _ = io.WriteString(w, `{"errorCode":"SIS0042"}`)
			return
		}
		if p.Get("DS_MERCHANT_TRANSACTIONTYPE") != "3" || p.Get("DS_MERCHANT_AMOUNT") != "500" {
			_, _ = io.WriteString(w, `{"errorCode":"SIS0057"}`)
			return
		}
		answer := notification(m, map[string]string{
			"Ds_Order": p.Get("DS_MERCHANT_ORDER"), "Ds_Amount": "500", "Ds_Currency": "978",
			"Ds_MerchantCode": TestMerchantCode, "Ds_Terminal": "1", "Ds_Response": "0900", "Ds_TransactionType": "3",
		})
		_ = json.NewEncoder(w).Encode(answer)
	}))
	defer srv.Close()

	r, err := m.Refund(context.Background(), srv.Client(), srv.URL, "00012N", 500)
	if err != nil {
		t.Fatal(err)
	}
	if !r.RefundAccepted() || r.AmountCents != 500 || r.Order != "00012N" {
		t.Errorf("refund result %+v", r)
	}
	var refused *RESTError
	if _, err := m.Refund(context.Background(), srv.Client(), srv.URL, "00012N", 501); !errors.As(err, &refused) || refused.Code != "SIS0057" {
		t.Errorf("over-refund: err = %v", err)
	}
	if _, err := mustMerchant(t, TestMerchantCode, TestTerminal, phpExampleKey).Refund(context.Background(), srv.Client(), srv.URL, "00012N", 500); !errors.As(err, &refused) || refused.Code != "SIS0042" {
		t.Errorf("wrong key: err = %v", err)
	}
}

// TestEitherVersionVerifies: a terminal configured for either version is
// read whatever version its notification names, and a signature of one
// version does not pass as the other.
func TestEitherVersionVerifies(t *testing.T) {
	v1 := mustMerchant(t, TestMerchantCode, TestTerminal, TestSecretKey)
	v2, err := v1.WithSignatureVersion(SignatureSHA512V2)
	if err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{
		"Ds_Order": "0001A", "Ds_Amount": "1234", "Ds_Currency": CurrencyEUR, "Ds_MerchantCode": TestMerchantCode,
		"Ds_Terminal": "1", "Ds_Response": "0000", "Ds_TransactionType": TransactionAuthorisation,
	}
	for _, signer := range []*Merchant{v1, v2} {
		n, err := signer.SignNotification(fields)
		if err != nil {
			t.Fatal(err)
		}
		if n.SignatureVersion != signer.SignatureVersion() {
			t.Errorf("notification names %s, signed in %s", n.SignatureVersion, signer.SignatureVersion())
		}
		for _, reader := range []*Merchant{v1, v2} {
			if r, err := reader.Verify(n); err != nil || !r.Authorised() {
				t.Errorf("%s read by a %s terminal: %+v, %v", n.SignatureVersion, reader.SignatureVersion(), r, err)
			}
		}
		swapped := n
		swapped.SignatureVersion = map[string]string{SignatureVersion: SignatureSHA512V2, SignatureSHA512V2: SignatureVersion}[n.SignatureVersion]
		if _, err := v1.Verify(swapped); !errors.Is(err, ErrSignature) {
			t.Errorf("%s signature named %s: %v, want ErrSignature", n.SignatureVersion, swapped.SignatureVersion, err)
		}
		form, err := signer.PaymentForm(Payment{Order: "0001A", AmountCents: 100, MerchantURL: "https://x.test/n", URLOK: "https://x.test/ok", URLKO: "https://x.test/ko"})
		if err != nil || form.SignatureVersion != signer.SignatureVersion() {
			t.Fatalf("payment form %+v, %v", form, err)
		}
		if _, err := v1.VerifyRequest(form); err != nil {
			t.Errorf("%s payment form: %v", form.SignatureVersion, err)
		}
	}
	if _, err := v1.WithSignatureVersion("HMAC_SHA384_V9"); !errors.Is(err, ErrVersion) {
		t.Errorf("unknown version: %v", err)
	}
}

package redsys

import (
	"errors"
	"testing"
)

func TestVerifyRequest(t *testing.T) {
	m := testMerchant(t)
	f, err := m.PaymentForm(Payment{Order: "00012N", AmountCents: 995, MerchantURL: "http://localhost/n"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := m.VerifyRequest(f)
	if err != nil || p.Get("DS_MERCHANT_AMOUNT") != "995" {
		t.Fatalf("VerifyRequest = %v, %v", p, err)
	}
	other := mustMerchant(t, "999008882", TestTerminal, TestSecretKey)
	otherForm, _ := other.PaymentForm(Payment{Order: "00012N", AmountCents: 995})
	forged := f
	forged.Signature = mustMerchant(t, TestMerchantCode, TestTerminal, phpExampleKey).Sign("00012N", f.MerchantParameters)
	for _, tc := range []struct {
		name string
		form Form
		want error
	}{
		{"other key", forged, ErrSignature},
		{"other merchant", otherForm, ErrMerchant},
		{"version", Form{MerchantParameters: f.MerchantParameters, Signature: f.Signature}, ErrVersion},
		{"not base64", Form{SignatureVersion: SignatureVersion, MerchantParameters: "%", Signature: f.Signature}, ErrMalformed},
	} {
		if _, err := m.VerifyRequest(tc.form); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestSignNotificationVerifies(t *testing.T) {
	m := testMerchant(t)
	f, err := m.SignNotification(goodFields())
	if err != nil {
		t.Fatal(err)
	}
	if r, err := m.Verify(f); err != nil || r.Order != "00012N" || !r.Authorised() {
		t.Errorf("Verify = %+v, %v", r, err)
	}
	if _, err := m.SignNotification(map[string]string{"Ds_Order": "no/slash"}); !errors.Is(err, ErrMalformed) {
		t.Errorf("bad order: %v", err)
	}
}

package till_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/till"
)

func TestCheckDiscount(t *testing.T) {
	t.Parallel()
	tenPercent := till.Rules{MaxLineDiscountBasisPoints: 1000}
	for _, tc := range []struct {
		name   string
		rules  till.Rules
		may    bool
		bp     int32
		kind   fault.Kind
		reason string
	}{
		{name: "no discount, till staff", rules: tenPercent, may: false, bp: 0},
		{name: "no discount, discounts forbidden", rules: till.Rules{}, may: true, bp: 0},
		{name: "owner within the maximum", rules: tenPercent, may: true, bp: 500},
		{name: "owner at the maximum", rules: tenPercent, may: true, bp: 1000},
		{name: "owner above the maximum", rules: tenPercent, may: true, bp: 1001, kind: fault.Refused, reason: till.ReasonDiscountTooHigh},
		{name: "owner when discounts are forbidden", rules: till.Rules{}, may: true, bp: 1, kind: fault.Refused, reason: till.ReasonDiscountTooHigh},
		{name: "till staff cannot change prices", rules: tenPercent, may: false, bp: 100, kind: fault.Refused, reason: till.ReasonDiscountNotAllowed},
		{name: "more than everything", rules: till.Rules{MaxLineDiscountBasisPoints: 10000}, may: true, bp: 10001, kind: fault.Invalid},
		{name: "a negative discount is a price rise", rules: tenPercent, may: true, bp: -100, kind: fault.Invalid},
	} {
		err := till.CheckDiscount(tc.rules, tc.may, tc.bp)
		if tc.kind == 0 {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if f, ok := fault.As(err); !ok || f.Kind != tc.kind || f.Reason != tc.reason {
			t.Errorf("%s: got %v, want kind %d reason %q", tc.name, err, tc.kind, tc.reason)
		}
	}
}

func TestDiscountCents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		total int64
		bp    int32
		want  int64
	}{
		{total: 1000, bp: 1000, want: 100},
		{total: 255, bp: 1000, want: 26}, // 25,5 cents
		{total: 254, bp: 1000, want: 25}, // 25,4
		{total: 1890, bp: 250, want: 47}, // 47,25
		{total: 999, bp: 0, want: 0},
	} {
		if got := till.DiscountCents(tc.total, tc.bp); got != tc.want {
			t.Errorf("DiscountCents(%d, %d) = %d, want %d", tc.total, tc.bp, got, tc.want)
		}
	}
}

// TestSellWithALineDiscount: the owner takes 10 % off a line; the invoice's
// line and its VAT are on the discounted amount and the discount is
// audited; till staff are refused any discount, and the owner one above
// the maximum the owner's rules set.
func TestSellWithALineDiscount(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	// Queso de Arzúa, 18,90 € at 4 %: 10 % off is 1,89 €, 17,01 € paid.
	sale, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), MayDiscount: true,
		Lines:    []till.LineInput{{ProductID: 1005, Quantity: 1, DiscountBasisPoints: 1000}, {ProductID: 1001, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 1701 + 250}}})
	if err != nil {
		t.Fatal(err)
	}
	if l := sale.Lines[0]; l.TotalCents != 1701 || !strings.Contains(l.Description, "−10 %") {
		t.Errorf("discounted line %+v, want 17,01 € saying −10 %%", l)
	}
	if got, want := s.text(t, `SELECT vat_cents::text FROM invoice_taxes WHERE invoice_id = $1 AND vat_basis_points = 400`, sale.Invoice.ID),
		strconv.FormatInt(pricing.IncludedVAT(1701, 400), 10); got != want {
		t.Errorf("VAT at 4 %% %s cents, want %s (on the discounted amount)", got, want)
	}
	if got := s.text(t, `SELECT new_value->>'discount_cents' FROM audit_events WHERE action = 'till.line_discount' AND entity = $1`,
		"order:"+strconv.FormatInt(sale.OrderID, 10)); got != "189" {
		t.Errorf("audited discount %s cents, want 189", got)
	}
	lines := []till.LineInput{{ProductID: 1001, Quantity: 1, DiscountBasisPoints: 500}}
	pays := []till.PaymentInput{{Method: till.Card, Amount: 238}}
	_, err = s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), Lines: lines, Payments: pays})
	refusedWith(t, err, till.ReasonDiscountNotAllowed)
	// The owner lowers the maximum to 3 %: saved and audited.
	if r, err := s.till.Rules(ctx); err != nil || r != till.DefaultRules {
		t.Fatalf("rules before saving: %+v, %v", r, err)
	}
	if _, err := s.till.SetRules(ctx, s.seller, till.Rules{MaxLineDiscountBasisPoints: 300}); err != nil {
		t.Fatal(err)
	}
	if r, err := s.till.Rules(ctx); err != nil || r.MaxLineDiscountBasisPoints != 300 {
		t.Fatalf("rules after saving: %+v, %v", r, err)
	}
	if got := s.text(t, `SELECT old_value->>'max_line_discount_basis_points' || '→' || (new_value->>'max_line_discount_basis_points')
		FROM audit_events WHERE action = 'till.rules'`); got != "1000→300" {
		t.Errorf("audited rules change %q, want 1000→300", got)
	}
	if _, err := s.till.SetRules(ctx, s.seller, till.Rules{MaxLineDiscountBasisPoints: 10001}); err == nil {
		t.Error("a maximum above 100 % was saved")
	}
	_, err = s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), MayDiscount: true, Lines: lines, Payments: pays})
	refusedWith(t, err, till.ReasonDiscountTooHigh)
}

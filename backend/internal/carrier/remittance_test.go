package carrier_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/sendcloud"
)

func TestMatchRemittance(t *testing.T) {
	t.Parallel()
	due := func(id int64, tracking string, f order.Fulfilment, pay order.Payment, cents int64) carrier.Candidate {
		return carrier.Candidate{OrderID: id, TrackingNumber: tracking, PaymentMethod: "cash", Fulfilment: f, Payment: pay, DueCents: cents}
	}
	delivered := due(7, "SCDEV1A2B000001", order.Delivered, order.OnDelivery, 1234)
	card := carrier.Candidate{OrderID: 8, TrackingNumber: "SCDEV1A2B000002", PaymentMethod: "card", Fulfilment: order.Delivered, Payment: order.Paid, DueCents: 0}
	tests := []struct {
		name       string
		lines      []carrier.RemittanceLine
		candidates []carrier.Candidate
		want       []carrier.Verdict
		wantOrders []int64
	}{
		{"tracking number and amount match", []carrier.RemittanceLine{{Reference: "SCDEV1A2B000001", AmountCents: 1234}},
			[]carrier.Candidate{delivered}, []carrier.Verdict{carrier.VerdictPaid}, []int64{7}},
		{"tracking number written in lower case with spaces", []carrier.RemittanceLine{{Reference: " scdev1a2b 000001 ", AmountCents: 1234}},
			[]carrier.Candidate{delivered}, []carrier.Verdict{carrier.VerdictPaid}, []int64{7}},
		{"order number, plain, with # or as the platform's reference", []carrier.RemittanceLine{
			{Reference: "7", AmountCents: 1234}, {Reference: "#9", AmountCents: 500}, {Reference: "sabores-order-10", AmountCents: 600}},
			[]carrier.Candidate{delivered, due(9, "", order.Delivered, order.OnDelivery, 500), due(10, "", order.Delivered, order.OnDelivery, 600)},
			[]carrier.Verdict{carrier.VerdictPaid, carrier.VerdictPaid, carrier.VerdictPaid}, []int64{7, 9, 10}},
		{"a cent short is a difference", []carrier.RemittanceLine{{Reference: "SCDEV1A2B000001", AmountCents: 1233}},
			[]carrier.Candidate{delivered}, []carrier.Verdict{carrier.VerdictAmountMismatch}, []int64{7}},
		{"a cent over is a difference", []carrier.RemittanceLine{{Reference: "SCDEV1A2B000001", AmountCents: 1235}},
			[]carrier.Candidate{delivered}, []carrier.Verdict{carrier.VerdictAmountMismatch}, []int64{7}},
		{"no such parcel", []carrier.RemittanceLine{{Reference: "XX000", AmountCents: 1234}, {Reference: "99", AmountCents: 1}},
			[]carrier.Candidate{delivered}, []carrier.Verdict{carrier.VerdictUnknown, carrier.VerdictUnknown}, []int64{0, 0}},
		{"paid already", []carrier.RemittanceLine{{Reference: "SCDEV1A2B000001", AmountCents: 1234}},
			[]carrier.Candidate{due(7, "SCDEV1A2B000001", order.Delivered, order.Paid, 1234)}, []carrier.Verdict{carrier.VerdictAlreadyPaid}, []int64{7}},
		{"refunded", []carrier.RemittanceLine{{Reference: "7", AmountCents: 1234}},
			[]carrier.Candidate{due(7, "", order.Delivered, order.Refunded, 1234)}, []carrier.Verdict{carrier.VerdictAlreadyPaid}, []int64{7}},
		{"not cash", []carrier.RemittanceLine{{Reference: "SCDEV1A2B000002", AmountCents: 0}},
			[]carrier.Candidate{card}, []carrier.Verdict{carrier.VerdictNotCash}, []int64{8}},
		{"still on its way", []carrier.RemittanceLine{{Reference: "7", AmountCents: 1234}},
			[]carrier.Candidate{due(7, "", order.Shipped, order.OnDelivery, 1234)}, []carrier.Verdict{carrier.VerdictNotDelivered}, []int64{7}},
		{"cancelled", []carrier.RemittanceLine{{Reference: "7", AmountCents: 1234}},
			[]carrier.Candidate{due(7, "", order.Cancelled, order.OnDelivery, 1234)}, []carrier.Verdict{carrier.VerdictNotDelivered}, []int64{7}},
		{"the same parcel twice pays once", []carrier.RemittanceLine{{Reference: "SCDEV1A2B000001", AmountCents: 1234}, {Reference: "7", AmountCents: 1234}},
			[]carrier.Candidate{delivered}, []carrier.Verdict{carrier.VerdictPaid, carrier.VerdictRepeated}, []int64{7, 7}},
		{"a tracking number wins over an order number", []carrier.RemittanceLine{{Reference: "12", AmountCents: 300}},
			[]carrier.Candidate{due(12, "", order.Delivered, order.OnDelivery, 999), due(13, "12", order.Delivered, order.OnDelivery, 300)},
			[]carrier.Verdict{carrier.VerdictPaid}, []int64{13}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := carrier.MatchRemittance(tt.lines, tt.candidates)
			var verdicts []carrier.Verdict
			var orders []int64
			for _, m := range got {
				verdicts, orders = append(verdicts, m.Verdict), append(orders, m.OrderID)
			}
			if !slices.Equal(verdicts, tt.want) || !slices.Equal(orders, tt.wantOrders) {
				t.Errorf("verdicts %v on orders %v, want %v on %v", verdicts, orders, tt.want, tt.wantOrders)
			}
		})
	}
}

func TestParseRemittanceCSV(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     []carrier.RemittanceLine
		wantErr  bool
	}{
		{"semicolons, a header and a decimal comma", "referencia;importe\nSCDEV1;12,34\nSCDEV2;1.234,50 €\n",
			[]carrier.RemittanceLine{{Reference: "SCDEV1", AmountCents: 1234}, {Reference: "SCDEV2", AmountCents: 123450}}, false},
		{"commas and decimal dots, no header", "1234,12.34\n1235,7\n",
			[]carrier.RemittanceLine{{Reference: "1234", AmountCents: 1234}, {Reference: "1235", AmountCents: 700}}, false},
		{"tabs, blank lines and one decimal", "#12\t12,5\n\n#13\t0,05\n",
			[]carrier.RemittanceLine{{Reference: "#12", AmountCents: 1250}, {Reference: "#13", AmountCents: 5}}, false},
		{"quoted decimal comma in a comma file", "ref,amount\n\"SC1\",\"1,50\"\n", []carrier.RemittanceLine{{Reference: "SC1", AmountCents: 150}}, false},
		{"extra columns are ignored", "SC1;2,00;entregado\n", []carrier.RemittanceLine{{Reference: "SC1", AmountCents: 200}}, false},
		{"a bad amount after the first line", "SC1;2,00\nSC2;dos euros\n", nil, true},
		{"a negative amount", "SC1;-2,00\n", nil, true},
		{"a line without its amount", "SC1;2,00\nSC2\n", nil, true},
		{"an empty reference", "SC1;2,00\n;3,00\n", nil, true},
		{"only a header", "referencia;importe\n", nil, true},
		{"nothing", "", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := carrier.ParseRemittanceCSV(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want error %v", err, tt.wantErr)
			}
			var fe *fault.Error
			if err != nil && !errors.As(err, &fe) {
				t.Errorf("error %v is not a field error", err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestRemittancePaysDeliveredCash: the stand-in's remittance of delivered
// cash parcels, entered in the desk, pays each order once through the
// order lifecycle (its invoice and "payment received" e-mail), shows the
// differences and changes nothing when entered again.
func TestRemittancePaysDeliveredCash(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	first, second, onItsWay := b.order(t, "cash", ""), b.order(t, "cash", ""), b.order(t, "cash", "")
	parcels := map[int64]int64{}
	for _, id := range []int64{first, second, onItsWay} {
		p, err := b.parcels.BuyLabel(ctx, carrier.BuyInput{OrderID: id, By: b.desk})
		if err != nil {
			t.Fatal(err)
		}
		parcels[id] = p.ID
		if id != onItsWay {
			b.advance(t, p, sendcloud.StatusDelivered)
		}
	}
	ref, csv, ok := b.dev.Remit(time.Now())
	if !ok {
		t.Fatal("the stand-in remits nothing")
	}
	if _, _, again := b.dev.Remit(time.Now()); again {
		t.Error("the stand-in remitted the same parcels twice")
	}
	lines, err := carrier.ParseRemittanceCSV(csv)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 {
		t.Fatalf("the stand-in's remittance %q has %d lines, want the 2 delivered parcels", csv, len(lines))
	}
	// The desk adds what it saw on the carrier's sheet: a parcel still on
	// its way, one the shop never sent, and the second parcel short.
	lines[1].AmountCents -= 100
	onItsWayParcel := b.parcel(t, parcels[onItsWay])
	lines = append(lines,
		carrier.RemittanceLine{Reference: onItsWayParcel.TrackingNumber, AmountCents: 1234},
		carrier.RemittanceLine{Reference: "XX999", AmountCents: 500})
	in := carrier.RemittanceInput{Reference: ref, Carrier: "Correos", Day: time.Now().Format(time.DateOnly), Lines: lines, By: b.desk}
	rem, err := b.parcels.Reconcile(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	var verdicts []carrier.Verdict
	for _, m := range rem.Lines {
		verdicts = append(verdicts, m.Verdict)
	}
	want := []carrier.Verdict{carrier.VerdictPaid, carrier.VerdictAmountMismatch, carrier.VerdictNotDelivered, carrier.VerdictUnknown}
	if rem.Repeated || !slices.Equal(verdicts, want) || rem.TotalCents != 1234+1134+1234+500 {
		t.Fatalf("remittance %+v: verdicts %v, want %v", rem.CodRemittance, verdicts, want)
	}
	state := func(id int64) string {
		o, err := b.q.GetOrder(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return o.PaymentStatus
	}
	invoices := func(id int64) int {
		var n int
		if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'simplified'`, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	check := func(when string) {
		t.Helper()
		for id, want := range map[int64]string{first: "paid", second: "on_delivery", onItsWay: "on_delivery"} {
			if got := state(id); got != want {
				t.Errorf("%s: order %d is %s, want %s", when, id, got, want)
			}
			wantOnce := 0
			if want == "paid" {
				wantOnce = 1
			}
			if n := invoices(id); n != wantOnce {
				t.Errorf("%s: order %d has %d invoices, want %d", when, id, n, wantOnce)
			}
			if n := b.emails(t, id, "payment_received"); n != wantOnce {
				t.Errorf("%s: order %d has %d payment e-mails, want %d", when, id, n, wantOnce)
			}
		}
	}
	check("entered")

	again, err := b.parcels.Reconcile(ctx, in)
	if err != nil || !again.Repeated || again.ID != rem.ID || len(again.Lines) != 4 {
		t.Fatalf("entered again: %+v, %v; want the first record, repeated", again.CodRemittance, err)
	}
	check("entered again")
	var audits int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'remittance.record' AND entity = $1`,
		fmt.Sprintf("remittance:%d", rem.ID)).Scan(&audits); err != nil || audits != 1 {
		t.Errorf("%d audit events (%v), want 1", audits, err)
	}

	// The difference the desk looked into is settled by hand, once.
	if _, err := order.New(b.pool).MarkPaid(ctx, second, b.desk, "remesa "+ref+": el transportista descontó 1 €"); err != nil {
		t.Fatalf("marking the short cash order paid: %v", err)
	}
	if state(second) != "paid" || invoices(second) != 1 {
		t.Error("the desk's payment of a remitted difference did not pay it with its invoice")
	}
	if _, err := order.New(b.pool).MarkPaid(ctx, onItsWay, b.desk, ""); err == nil {
		t.Error("cash still on its way was marked paid by hand")
	}
}

func TestRemittanceInput(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t, carrier.Services{}, deliveryarea.Dispatch{})
	line := []carrier.RemittanceLine{{Reference: "1", AmountCents: 100}}
	for name, in := range map[string]carrier.RemittanceInput{
		"no reference": {Day: "2026-01-05", Lines: line},
		"a future day": {Reference: "R1", Day: time.Now().AddDate(0, 0, 2).Format(time.DateOnly), Lines: line},
		"not a day":    {Reference: "R1", Day: "5/1/2026", Lines: line},
		"no lines":     {Reference: "R1", Day: "2026-01-05"},
	} {
		in.By = b.desk
		if _, err := b.parcels.Reconcile(ctx, in); func() bool { fe, ok := fault.As(err); return !ok || fe.Kind != fault.Invalid }() {
			t.Errorf("%s: %v, want invalid", name, err)
		}
	}
}

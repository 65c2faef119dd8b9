package adminpackagingapi_test

import (
	"context"
	"fmt"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/adminpackagingapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestPackagingReport: the yearly export of RD 1055/2022 is the units
// invoiced in the Madrid calendar year, online and at the till, less those
// of the corrective invoices issued in it, times each unit's packaging, in
// kilograms per material (issue 37). A return in January takes its
// packaging off the new year; unpaid orders (no invoice) place nothing.
func TestPackagingReport(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	svc := adminpackagingapi.New(catalogue.New(f.Pool))
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := f.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
	id := func(sql string, args ...any) int64 {
		t.Helper()
		var id int64
		if err := f.Pool.QueryRow(ctx, sql, args...).Scan(&id); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
		return id
	}
	number := 0
	// invoice issues an invoice of aeatType for order at a Madrid time,
	// its lines as (line_no, quantity).
	invoice := func(order int64, aeatType, at string, lines ...[2]int64) {
		t.Helper()
		number++
		kind := map[string]string{"F2": "simplified", "F3": "complete", "R5": "corrective"}[aeatType]
		inv := id(`INSERT INTO invoices (kind, year, number, series_number, aeat_type, order_id, issued_at, issue_date,
			issuer_name, issuer_nif, issuer_address, base_cents, vat_cents, total_cents, verifactu_legend, qr_base)
			VALUES ($1, 2025, $2, $3, $4, $5, timezone('Europe/Madrid', $6::timestamp), $6::date,
			'Sabores', 'B12345678', 'Rúa 1', 0, 0, 0, false, 'https://aeat.test') RETURNING id`,
			kind, number, fmt.Sprintf("T-%d", number), aeatType, order, at)
		for _, l := range lines {
			exec(`INSERT INTO invoice_lines (invoice_id, line_no, description, quantity, unit_price_cents, vat_basis_points, total_cents)
				VALUES ($1, $2, 'p', $3, 0, 1000, 0)`, inv, l[0], l[1])
		}
	}
	set := func(product int64, parts ...*saboresv1.PackagingPart) {
		t.Helper()
		if _, err := svc.SetProductPackaging(f.Ctx, connect.NewRequest(&saboresv1.SetProductPackagingRequest{Id: product, Parts: parts})); err != nil {
			t.Fatal(err)
		}
	}
	// Guaraná: a 30 g plastic bottle with a 2,5 g paper label; açaí: a 250 g glass jar.
	set(1001, &saboresv1.PackagingPart{Material: "plastic", Milligrams: 30_000}, &saboresv1.PackagingPart{Material: "paper", Milligrams: 2_500})
	set(1002, &saboresv1.PackagingPart{Material: "glass", Milligrams: 250_000})
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'product.packaging' AND entity = 'product:1001'`); n != 1 {
		t.Errorf("%d audit events of Guaraná's packaging, want 1", n)
	}
	got, err := svc.GetProductPackaging(f.Ctx, connect.NewRequest(&saboresv1.GetProductPackagingRequest{Id: 1001}))
	if err != nil || len(got.Msg.GetParts()) != 2 {
		t.Fatalf("Guaraná's packaging = %v, %v", got, err)
	}
	if _, err := svc.SetProductPackaging(f.Ctx, connect.NewRequest(&saboresv1.SetProductPackagingRequest{Id: 1001, Parts: []*saboresv1.PackagingPart{
		{Material: "paper", Milligrams: 1}, {Material: "paper", Milligrams: 2},
	}})); err == nil {
		t.Error("paper named twice was taken")
	} else if code, field := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || field != "packaging[1].material" {
		t.Errorf("paper named twice: %v %s, want InvalidArgument on packaging[1].material", code, field)
	}

	acai := id(`SELECT id FROM orders WHERE total_cents = 1300`) // açaí (1002) × 2
	mixed := id(`SELECT id FROM orders WHERE total_cents = 570`) // Guaraná (1001) × 1 and an arepa
	// The fixture's other orders (Guaraná × 4 among them) were never
	// invoiced: they place nothing.
	invoice(acai, "F2", "2025-06-01 10:00", [2]int64{1, 2})
	invoice(acai, "F3", "2025-06-02 10:00", [2]int64{1, 2})                                  // replaces, places nothing more
	invoice(mixed, "F2", "2025-12-31 23:30", [2]int64{1, 1}, [2]int64{2, 1}, [2]int64{3, 1}) // line 3: shipping
	invoice(mixed, "R5", "2026-01-01 00:30", [2]int64{1, -1})                                // Guaraná back in the new year
	store := id(`INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status, channel,
		subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		delivery_city, delivery_postal_code) VALUES ($1, gen_random_uuid(), 'delivered', 'cash', 'paid', 'store',
		750, 0, 750, 'Sabores', 'till@sabores.es', '', 'Rúa 1', 'Burela', '27880') RETURNING id`, f.Admin)
	exec(`INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
		regular_unit_price_cents, vat_basis_points, line_total_cents) VALUES ($1, 1, 1001, 'p', 3, 250, 250, 1000, 750)`, store)
	invoice(store, "F2", "2025-03-10 12:00", [2]int64{1, 3})
	invoice(store, "R5", "2025-03-11 12:00", [2]int64{1, -1}) // one returned at the counter

	for year, want := range map[int32]string{
		// Guaraná: 1 online + 3 at the till − 1 returned = 3 → 90 g plastic, 7,5 g paper; açaí 2 → 500 g glass.
		2025: "año;material;kilogramos\n2025;plástico;0,090\n2025;papel y cartón;0,008\n2025;vidrio;0,500\n2025;metal;0,000\n2025;madera;0,000\n2025;compuesto;0,000\n",
		2026: "año;material;kilogramos\n2026;plástico;-0,030\n2026;papel y cartón;-0,003\n2026;vidrio;0,000\n2026;metal;0,000\n2026;madera;0,000\n2026;compuesto;0,000\n",
	} {
		res, err := svc.ExportPackagingReport(f.Ctx, connect.NewRequest(&saboresv1.ExportPackagingReportRequest{Year: year}))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Msg.GetCsv()); got != want || res.Msg.GetFilename() != fmt.Sprintf("envases-%d.csv", year) {
			t.Errorf("%d: %s\n%s, want\n%s", year, res.Msg.GetFilename(), got, want)
		}
	}
}

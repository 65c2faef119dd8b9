package lots_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/lots"
)

// mailbox records the recall e-mails queued, as recall/order → address.
type mailbox struct{ sent []string }

func (m *mailbox) RecallEmail(_ context.Context, _ pgx.Tx, recallID, orderID int64, to string) error {
	m.sent = append(m.sent, strings.Join([]string{itoa(recallID), itoa(orderID), to}, "/"))
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestRecallBlocksTheLotsAndWritesToEachOnlineOrder: a recall of the
// earlier lot takes its units left on the shelf out of the stock at once
// through the ledger (the later lot stays on sale), queues one e-mail per
// online order that took it (none for the order of the other lot, nor
// for a cancelled one), is audited, and cannot recall the same lot twice;
// units of the recalled lot received again are blocked as they arrive.
func TestRecallBlocksTheLotsAndWritesToEachOnlineOrder(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 0})
	r := s.receive(t, "AL-1", line(p, "L-A", "2027-06-01", lots.BestBefore, 5), line(p, "L-B", "2027-09-01", lots.BestBefore, 10))
	lotA, lotB := r.LotIDs[0], r.LotIDs[1]
	first := s.checkout(t, p, 2)     // L-A: 2
	second := s.checkout(t, p, 2)    // L-A: 2
	cancelled := s.checkout(t, p, 1) // L-A: 1, then given back
	if _, err := s.pool.Exec(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1`, cancelled); err != nil {
		t.Fatal(err)
	}
	other := s.checkout(t, p, 1) // L-B
	if got := s.orderLots(t, other); !equal(got, map[string]int32{"L-B": 1}) {
		t.Fatalf("the fourth order took %v, want one of L-B", got)
	}
	// Give L-A one unit back on the shelf: the cancelled order's.
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT set_config('sabores.stock_order', $1::text, true)`, itoa(cancelled)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE products SET stock = stock + 1 WHERE id = $1`, p)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {1, 0}, "L-B": {9, 0}}) {
		t.Fatalf("lots before the recall: %v", got)
	}

	// Both shipped: a recall swaps the lot of an order not yet shipped.
	s.ship(t, first, second)
	box := &mailbox{}
	recalls := s.lots.Recalls(box)
	started, err := recalls.Start(ctx, s.admin, lots.RecallStart{ProductID: p, LotIDs: []int64{lotA}, Reason: "  Posible presencia de Listeria  "})
	if err != nil {
		t.Fatal(err)
	}
	if started.BlockedUnits != 1 || started.Emails != 2 {
		t.Errorf("started %+v, want 1 unit blocked and 2 e-mails", started)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {0, 1}, "L-B": {9, 0}}) || s.stock(t, p) != 9 {
		t.Errorf("after the recall: lots %v, stock %d; want L-A's unit blocked and 9 on sale", got, s.stock(t, p))
	}
	want := []string{itoa(started.ID) + "/" + itoa(first) + "/ana@example.com", itoa(started.ID) + "/" + itoa(second) + "/ana@example.com"}
	if !slices.Equal(box.sent, want) {
		t.Errorf("e-mails queued %v, want %v (not the cancelled order, not L-B's)", box.sent, want)
	}
	var ledger, recallAudit, blockAudit int
	var reason string
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM stock_movements WHERE product_id = $1 AND reason = 'lot_blocked' AND delta = -1`, p).Scan(&ledger); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `SELECT count(*), max(new_value->>'reason') FROM audit_events WHERE action = 'recall.start' AND actor_user_id = $1`, s.admin.UserID).Scan(&recallAudit, &reason); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'lot.block' AND new_value->>'reason' = 'recall'`).Scan(&blockAudit); err != nil {
		t.Fatal(err)
	}
	if ledger != 1 || recallAudit != 1 || blockAudit != 1 || reason != "Posible presencia de Listeria" {
		t.Errorf("ledger rows %d, recall audits %d (reason %q), block audits %d; want 1, 1 (trimmed), 1", ledger, recallAudit, reason, blockAudit)
	}

	// The checkout no longer sees the recalled lot.
	if got := s.orderLots(t, s.checkout(t, p, 1)); !equal(got, map[string]int32{"L-B": 1}) {
		t.Errorf("a checkout after the recall took %v, want L-B", got)
	}
	_, err = recalls.Start(ctx, s.admin, lots.RecallStart{ProductID: p, LotIDs: []int64{lotA, lotB}, Reason: "otra vez"})
	if f, ok := fault.As(err); !ok || f.Reason != lots.ReasonLotRecalled {
		t.Errorf("recalling L-A again: %v, want %s", err, lots.ReasonLotRecalled)
	}
	if got := s.lotsOf(t, p); got["L-B"][1] != 0 || len(box.sent) != 2 {
		t.Errorf("a refused recall changed something: lots %v, e-mails %v", got, box.sent)
	}
	unknown := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 3})
	_, err = recalls.Start(ctx, s.admin, lots.RecallStart{ProductID: unknown, LotIDs: []int64{lotB}, Reason: "x"})
	if f, ok := fault.As(err); !ok || f.Field != "lot_ids" {
		t.Errorf("recalling another product's lot: %v, want lot_ids", err)
	}

	// L-A arrives again: its units are blocked as they arrive.
	again := s.receive(t, "AL-2", line(p, "L-A", "2027-06-01", lots.BestBefore, 4))
	if !slices.Contains(again.Blocked, lotA) {
		t.Errorf("a delivery of the recalled lot blocked %v, want L-A", again.Blocked)
	}
	if got := s.lotsOf(t, p); got["L-A"] != [2]int32{0, 5} {
		t.Errorf("L-A after it came again: %v, want 5 blocked, none on sale", got["L-A"])
	}
}

// TestRecallExportNamesTheSupplierAndTheOrders: the authority's CSV lists
// one step back (supplier, tax id, document, date, units) and one step
// forward (each order, its date and units; a consumer by order number
// only, never by name), and the PDF is a PDF.
func TestRecallExportNamesTheSupplierAndTheOrders(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 0})
	r := s.receive(t, "ALB-77", line(p, "L-9", "2027-06-01", lots.UseBy, 6))
	order := s.checkout(t, p, 3)
	started, err := s.lots.Recalls(&mailbox{}).Start(ctx, s.admin, lots.RecallStart{ProductID: p, LotIDs: r.LotIDs, Reason: "Alérgeno no declarado"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.lots.ExportRecall(ctx, started.ID, lots.ExportCSV, "es")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(e.Content)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("CSV rows %q, want a header, one delivery, one order", rows)
	}
	back, forward := strings.Join(rows[1], "|"), strings.Join(rows[2], "|")
	if !strings.Contains(back, "Brasil Foods SL") || !strings.Contains(back, "B12345674") || !strings.Contains(back, "ALB-77") ||
		!strings.Contains(back, "10/03/2027") || !strings.HasSuffix(back, "|6") {
		t.Errorf("the step back %q lacks the supplier, its tax id, the document, the date or the units", back)
	}
	if !strings.Contains(forward, "|"+itoa(order)+"|") || !strings.HasSuffix(forward, "|3") || !strings.Contains(forward, "consumidor final") ||
		strings.Contains(forward, "Ana") {
		t.Errorf("the step forward %q: want the order, 3 units, a consumer unnamed", forward)
	}
	pdf, err := s.lots.ExportRecall(ctx, started.ID, lots.ExportPDF, "pt")
	if err != nil || !bytes.HasPrefix(pdf.Content, []byte("%PDF")) || pdf.FileName != "recolha-"+itoa(started.ID)+".pdf" {
		t.Errorf("PDF %q (%d bytes): %v", pdf.FileName, len(pdf.Content), err)
	}
	trace, err := s.lots.TraceLot(ctx, r.LotIDs[0], 0, 0)
	if err != nil || len(trace.Deliveries) != 1 || len(trace.Sales) != 1 || trace.Sales[0].OrderID != order || trace.RecallID != started.ID {
		t.Errorf("trace %+v: %v", trace, err)
	}
}

// TestTracePagesTheSales: the trace reads a lot's sales a page at a time,
// oldest order first, each page after the last order of the one before,
// and counts them all on every page.
func TestTracePagesTheSales(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 0})
	r := s.receive(t, "PG-1", line(p, "L-P", "2027-06-01", lots.BestBefore, 9))
	orders := []int64{s.checkout(t, p, 1), s.checkout(t, p, 2), s.checkout(t, p, 3)}
	var got []int64
	after := int64(0)
	for page := 1; ; page++ {
		trace, err := s.lots.TraceLot(ctx, r.LotIDs[0], after, 2)
		if err != nil {
			t.Fatal(err)
		}
		if trace.SaleCount != 3 || trace.UnitsSold != 6 || len(trace.Sales) > 2 {
			t.Fatalf("page %d: %d sales of %d, %d units; want at most 2 of 3, 6 units", page, len(trace.Sales), trace.SaleCount, trace.UnitsSold)
		}
		for _, sale := range trace.Sales {
			got = append(got, sale.OrderID)
		}
		if !trace.More {
			break
		}
		after = trace.Sales[len(trace.Sales)-1].OrderID
	}
	if !slices.Equal(got, orders) {
		t.Errorf("paged sales %v, want %v", got, orders)
	}
}

// TestRecallServesOrdersNotYetShippedFromASafeLot: as a recall starts,
// the orders not yet shipped holding the recalled lot are served from the
// lot on sale instead, oldest first, the one being prepared line by line
// (its packing slip names the new lot), the one placed when it is
// prepared; their units of the recalled lot stay blocked on the shelf and
// the stock falls by what they now take, through the ledger. The order
// the lot on sale can no longer serve keeps the recalled lot, is listed
// as not served and written to; a shipped order is written to; the
// swapped ones are not.
func TestRecallServesOrdersNotYetShippedFromASafeLot(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 0})
	r := s.receive(t, "SW-1", line(p, "L-A", "2027-06-01", lots.BestBefore, 6), line(p, "L-B", "2027-09-01", lots.BestBefore, 3))
	preparing := s.checkout(t, p, 2) // L-A: 2
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'preparing' WHERE id = $1`, preparing); err != nil {
			return err
		}
		return lots.RecordOrderLines(ctx, db.New(tx), preparing)
	}); err != nil {
		t.Fatal(err)
	}
	placed := s.checkout(t, p, 1)   // L-A: 1
	unserved := s.checkout(t, p, 2) // L-A: 2
	shipped := s.checkout(t, p, 1)  // L-A: 1
	s.ship(t, shipped)

	box := &mailbox{}
	started, err := s.lots.Recalls(box).Start(ctx, s.admin, lots.RecallStart{ProductID: p, LotIDs: r.LotIDs[:1], Reason: "Listeria"})
	if err != nil {
		t.Fatal(err)
	}
	if started.Swapped != 2 || started.Unserved != 1 || started.Emails != 2 {
		t.Errorf("started %+v, want 2 orders swapped, 1 not served, 2 e-mails", started)
	}
	want := []string{itoa(started.ID) + "/" + itoa(unserved) + "/ana@example.com", itoa(started.ID) + "/" + itoa(shipped) + "/ana@example.com"}
	if !slices.Equal(box.sent, want) {
		t.Errorf("e-mails %v, want %v", box.sent, want)
	}
	for o, want := range map[int64]map[string]int32{preparing: {"L-B": 2}, placed: {"L-B": 1}, unserved: {"L-A": 2}, shipped: {"L-A": 1}} {
		if got := s.orderLots(t, o); !equal(got, want) {
			t.Errorf("order %d holds %v, want %v", o, got, want)
		}
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {0, 3}, "L-B": {0, 0}}) || s.stock(t, p) != 0 {
		t.Errorf("lots %v, stock %d; want L-A's 3 swapped units blocked, L-B's 3 taken", got, s.stock(t, p))
	}
	var ledger int32
	if err := s.pool.QueryRow(ctx, `SELECT coalesce(sum(delta), 0) FROM stock_movements
		WHERE product_id = $1 AND reason = 'lot_blocked' AND order_id = ANY($2)`, p, []int64{preparing, placed}).Scan(&ledger); err != nil || ledger != -3 {
		t.Errorf("the ledger booked %d for the swaps (%v), want -3", ledger, err)
	}
	// The packing slip's lines: the order being prepared at once, the
	// placed one when it is prepared.
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return lots.RecordOrderLines(ctx, db.New(tx), placed)
	}); err != nil {
		t.Fatal(err)
	}
	picks, err := db.New(s.pool).OrderLineLots(ctx, []int64{preparing, placed})
	if err != nil {
		t.Fatal(err)
	}
	var slip []string
	for _, l := range picks {
		slip = append(slip, itoa(l.OrderID)+":"+*l.Code+"×"+itoa(int64(l.Quantity)))
	}
	if want := []string{itoa(preparing) + ":L-B×2", itoa(placed) + ":L-B×1"}; !slices.Equal(slip, want) {
		t.Errorf("packing slips %v, want %v", slip, want)
	}
	d, err := s.lots.Recall(ctx, started.ID)
	if err != nil {
		t.Fatal(err)
	}
	var held []string
	for _, h := range d.Held {
		to := "not served"
		if h.ToCode != nil {
			to = *h.ToCode
		}
		held = append(held, itoa(h.OrderID)+":"+*h.FromCode+"→"+to+"×"+itoa(int64(h.Units)))
	}
	if want := []string{itoa(preparing) + ":L-A→L-B×2", itoa(placed) + ":L-A→L-B×1", itoa(unserved) + ":L-A→not served×2"}; !slices.Equal(held, want) {
		t.Errorf("the recall's held orders %v, want %v", held, want)
	}
}

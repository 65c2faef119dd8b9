package invoice_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// TestInvoicingWaitsAfterARestoreUntilTheChainsMatch: records sent to the
// development AEAT after a backup was taken; restored from it, the shop
// holds invoicing (a paid order's invoice waits), the check lists what the
// AEAT holds and the shop lacks, read a page at a time. Restored from the
// newer backup, the heads match: the hold is lifted and the waiting
// invoice issued, with the number after the AEAT's last.
func TestInvoicingWaitsAfterARestoreUntilTheChainsMatch(t *testing.T) {
	t.Parallel()
	f := newSendFixture(t)
	ctx := context.Background()
	f.aeat.SetPageSize(1)
	f.invoiced(1)
	f.mustSend(1)
	older := dbtest.Snapshot(t, f.pool)
	f.clock.Advance(time.Minute)
	later := f.invoiced(2)
	f.mustSend(1)
	newer := dbtest.Snapshot(t, f.pool)

	// Restored from the older backup.
	restored := restore(t, older)
	waiting := f.paidOrderWhileHeld(restored)
	hold, err := f.iv.CheckAfterRestore(ctx, restored, f.client)
	if err != nil {
		t.Fatal(err)
	}
	if !hold.Held || hold.Error != "" {
		t.Fatalf("hold after the older backup: %+v", hold)
	}
	if len(hold.Missing) != 2 || hold.Missing[0].Number != later[0].SeriesNumber || hold.Missing[1].Number != later[1].SeriesNumber {
		t.Errorf("missing %+v, want %s and %s", hold.Missing, later[0].SeriesNumber, later[1].SeriesNumber)
	}
	if hold.AEATHeadNumber != later[1].SeriesNumber {
		t.Errorf("the AEAT's last record is %q, want %s", hold.AEATHeadNumber, later[1].SeriesNumber)
	}
	kept, err := invoice.InvoicingHold(ctx, restored)
	if err != nil || !kept.Held || len(kept.Missing) != 2 || kept.CheckedAt.IsZero() {
		t.Errorf("the owner's view of the hold: %+v, %v", kept, err)
	}
	if invoices, _ := db.New(restored).InvoicesOfOrder(ctx, waiting); len(invoices) != 0 {
		t.Errorf("order %d invoiced while held: %+v", waiting, invoices)
	}

	// Restored from the newer one: the chains match.
	restored = restore(t, newer)
	waiting = f.paidOrderWhileHeld(restored)
	hold, err = f.iv.CheckAfterRestore(ctx, restored, f.client)
	if err != nil {
		t.Fatal(err)
	}
	if hold.Held || len(hold.Missing) != 0 || hold.Issued != 1 {
		t.Fatalf("hold after the newer backup: %+v", hold)
	}
	invoices, err := db.New(restored).InvoicesOfOrder(ctx, waiting)
	if err != nil || len(invoices) != 1 || invoices[0].SeriesNumber != "FS2027-000004" {
		t.Errorf("the waiting order's invoices %+v, %v; want FS2027-000004", invoices, err)
	}
	if _, err := inTx(t, restored, func(tx pgx.Tx) (db.Invoice, error) {
		return f.iv.IssueForPaidOrder(ctx, tx, dbtest.SoldOrder(t, restored, dbtest.SoldOrderOpts{UserID: f.user,
			Lines: []dbtest.SoldLine{{ProductID: f.prod, Quantity: 1, UnitPriceCents: 250, VATBasisPoints: 1000}}}))
	}); err != nil {
		t.Errorf("invoicing after the hold was lifted: %v", err)
	}
}

// restore is what shopd restore leaves: the backup's data with invoicing held.
func restore(t *testing.T, pool *pgxpool.Pool) *pgxpool.Pool {
	t.Helper()
	if err := invoice.HoldInvoicing(context.Background(), pool, time.Now()); err != nil {
		t.Fatal(err)
	}
	return pool
}

// paidOrderWhileHeld pays an order while invoicing is held: the invoice is
// refused with ErrInvoicingHeld, and noted to be issued later.
func (f *sendFixture) paidOrderWhileHeld(pool *pgxpool.Pool) int64 {
	f.t.Helper()
	ctx := context.Background()
	id := dbtest.SoldOrder(f.t, pool, dbtest.SoldOrderOpts{UserID: f.user, Lines: []dbtest.SoldLine{{ProductID: f.prod, Quantity: 1, UnitPriceCents: 250, VATBasisPoints: 1000}}})
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := f.iv.IssueForPaidOrder(ctx, tx, id)
		if !errors.Is(err, invoice.ErrInvoicingHeld) {
			f.t.Errorf("invoice while held: %v, want ErrInvoicingHeld", err)
		}
		return invoice.AwaitInvoice(ctx, tx, id, invoice.Simplified, "", f.clock.Now())
	}); err != nil {
		f.t.Fatal(err)
	}
	return id
}

// TestCompareWithAEAT: the chains match when the AEAT holds nothing the
// shop lacks and its last record is one of the shop's.
func TestCompareWithAEAT(t *testing.T) {
	t.Parallel()
	local := []db.LocalRecordKeysRow{
		{IssuerNif: "B1", SeriesNumber: "FS1", IssueDate: "01-07-2027", Hash: "H1"},
		{IssuerNif: "B1", SeriesNumber: "FS2", IssueDate: "01-07-2027", Hash: "H2"},
	}
	rec := func(num, hash, at string) aeat.QueryRecord {
		var r aeat.QueryRecord
		r.ID = aeat.InvoiceID{IssuerNIF: "B1", Number: num, Date: "01-07-2027"}
		r.Data.Hash, r.Data.GeneratedAt = hash, at
		return r
	}
	for _, tc := range []struct {
		name        string
		remote      []aeat.QueryRecord
		wantMissing int
		wantHead    string
		wantMatch   bool
	}{
		{"nothing at the AEAT", nil, 0, "", true},
		{"the same records", []aeat.QueryRecord{rec("FS1", "H1", "2027-07-01T10:00:00+02:00"), rec("FS2", "H2", "2027-07-01T10:01:00+02:00")}, 0, "FS2", true},
		{"local records not sent yet", []aeat.QueryRecord{rec("FS1", "H1", "2027-07-01T10:00:00+02:00")}, 0, "FS1", true},
		{"the AEAT has a later one", []aeat.QueryRecord{rec("FS2", "H2", "2027-07-01T10:01:00+02:00"), rec("FS3", "H3", "2027-07-01T10:02:00+02:00")}, 1, "FS3", false},
		{"the same number, another huella last", []aeat.QueryRecord{rec("FS2", "HX", "2027-07-01T10:03:00+02:00"), rec("FS1", "H1", "2027-07-01T10:00:00+02:00")}, 0, "FS2", false},
	} {
		missing, head, matched := invoice.CompareWithAEAT(local, tc.remote)
		gotHead := ""
		if head != nil {
			gotHead = head.ID.Number
		}
		if len(missing) != tc.wantMissing || gotHead != tc.wantHead || matched != tc.wantMatch {
			t.Errorf("%s: missing %d, head %q, matched %v; want %d, %q, %v", tc.name, len(missing), gotHead, matched, tc.wantMissing, tc.wantHead, tc.wantMatch)
		}
	}
}

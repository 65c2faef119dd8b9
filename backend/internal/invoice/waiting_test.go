package invoice_test

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// TestARefusedCorrectionStillWaits: a record refused, whose correction is
// refused too, still waits for the owner (the stuck alert and the
// dashboard count it) after later messages are accepted; once the AEAT
// receives a record, it no longer waits.
func TestARefusedCorrectionStillWaits(t *testing.T) {
	t.Parallel()
	f := newSendFixture(t)
	ctx := context.Background()
	waiting := func() (int64, int64) {
		t.Helper()
		c, err := db.New(f.pool).OperationsCounts(ctx, db.OperationsCountsParams{
			EmailsStuckBefore: time.Now(), RefundsStuckBefore: time.Now(), VerifactuStuckBefore: time.Now().Add(time.Hour),
		})
		if err != nil {
			t.Fatal(err)
		}
		return c.VerifactuWaiting, c.VerifactuStuck
	}
	first := f.invoiced(1)[0]
	f.aeat.Refuse(first.SeriesNumber, 1100)
	f.mustSend(1)
	f.aeat.Refuse(first.SeriesNumber, 1100)
	f.clock.Advance(time.Minute)
	f.mustSend(1) // its correction, refused again
	f.invoiced(1)
	f.clock.Advance(time.Minute)
	f.mustSend(1) // the next invoice, accepted
	if w, s := waiting(); w != 2 || s != 2 {
		t.Errorf("waiting %d, stuck %d; want the refused record and its refused correction", w, s)
	}
	f.invoiced(1)
	if w, _ := waiting(); w != 3 {
		t.Errorf("waiting %d with a record not sent yet, want 3", w)
	}
	f.clock.Advance(time.Minute)
	f.mustSend(1)
	if w, _ := waiting(); w != 2 {
		t.Errorf("waiting %d once the last record is accepted, want 2", w)
	}
}

// Package stuck is the one definition of what is stuck, shared by the
// metrics (and so the alert rules in deploy/prometheus-alerts.yml) and the
// back office's dashboard: an e-mail the SMTP server has not accepted 15
// minutes after it was queued, a card or Bizum refund not accepted by
// Redsys an hour after it was decided, a VeriFactu record not accepted by
// the AEAT an hour after it was issued. Each is long past what the work
// takes when nothing is wrong (seconds, a retry or two), so a stuck one
// needs the owner.
package stuck

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// The waits after which an unfinished piece of work is stuck.
const (
	EmailAfter     = 15 * time.Minute
	RefundAfter    = time.Hour
	VerifactuAfter = time.Hour
)

// Report is what is waiting and what is stuck at one moment.
type Report struct {
	// EmailsUnsent are the e-mails the SMTP server has not accepted yet.
	EmailsUnsent int64
	// RefundsFailed were refused on every automatic try; RefundsUnknown
	// lost a try's answer. Both wait for the order desk.
	RefundsFailed, RefundsUnknown int64
	// VerifactuWaiting are the records no accepted submission holds yet.
	VerifactuWaiting int64
	// The stuck ones among them.
	EmailsStuck, RefundsStuck, VerifactuStuck int64
}

// Any reports whether something is stuck.
func (r Report) Any() bool { return r.EmailsStuck+r.RefundsStuck+r.VerifactuStuck > 0 }

// Cutoffs are the moments before which unfinished work is stuck at now.
func Cutoffs(now time.Time) db.OperationsCountsParams {
	return db.OperationsCountsParams{
		EmailsStuckBefore:    now.Add(-EmailAfter),
		RefundsStuckBefore:   now.Add(-RefundAfter),
		VerifactuStuckBefore: now.Add(-VerifactuAfter),
	}
}

// Read counts what is waiting and stuck at now, in one statement.
func Read(ctx context.Context, q *db.Queries, now time.Time) (Report, error) {
	c, err := q.OperationsCounts(ctx, Cutoffs(now))
	if err != nil {
		return Report{}, fmt.Errorf("stuck: count: %w", err)
	}
	return Report{
		EmailsUnsent: c.EmailsUnsent, RefundsFailed: c.RefundsFailed, RefundsUnknown: c.RefundsUnknown,
		VerifactuWaiting: c.VerifactuWaiting,
		EmailsStuck:      c.EmailsStuck, RefundsStuck: c.RefundsStuck, VerifactuStuck: c.VerifactuStuck,
	}, nil
}

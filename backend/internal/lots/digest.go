package lots

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

// DigestMailer queues the weekly expiry e-mail to the owner in the
// caller's transaction, once per week (its message id names the week).
type DigestMailer interface {
	LotExpiryDigest(ctx context.Context, tx pgx.Tx, week, to string) error
}

// DigestWeek is the ISO week of t in Madrid, as 2026-W48: the period a
// digest is sent once in.
func DigestWeek(t time.Time) string {
	y, w := t.In(shoptime.Madrid).ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w)
}

// QueueExpiryDigest queues, in one transaction, this week's e-mail to the
// owner (to) of the lots dated within the owner's digest days
// (Rules.DigestDays), when there is any: a week with none sends nothing.
// A week's digest is queued once however often it runs. It returns how
// many lots the digest lists now (the e-mail is written as it is sent,
// from the list as it is then).
func (s *Service) QueueExpiryDigest(ctx context.Context, mailer DigestMailer, to string) (int, error) {
	if to == "" {
		return 0, nil
	}
	rules, err := s.Rules(ctx)
	if err != nil {
		return 0, err
	}
	page, err := s.Expiring(ctx, rules.DigestDays)
	if err != nil || len(page.Lots) == 0 {
		return 0, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return mailer.LotExpiryDigest(ctx, tx, DigestWeek(s.now()), to)
	})
	if err != nil {
		return 0, err
	}
	return len(page.Lots), nil
}

package mail

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// JobState is where the sending of an e-mail not yet accepted stands.
type JobState string

// The states of an e-mail's sending.
const (
	// Retrying waits for its next automatic attempt.
	Retrying JobState = "retrying"
	// Sending is being sent now.
	Sending JobState = "sending"
	// GaveUp ran out of automatic attempts.
	GaveUp JobState = "gave_up"
)

// Job is the job queue's word on one e-mail's sending.
type Job struct {
	State JobState
	// NextAttempt is when it is tried by itself; zero unless retrying.
	NextAttempt time.Time
}

// Jobs is the job queue's side of the back office's failed e-mails: where
// each one's sending stands, and sending one again now. Retrying never
// sends twice an e-mail the SMTP server accepted: the job checks the
// e-mail's sent_at before sending, and a job already running is left alone.
type Jobs interface {
	EmailJobStates(ctx context.Context, messageIDs []string) (map[string]Job, error)
	RetryEmail(ctx context.Context, tx pgx.Tx, messageID string) (Job, error)
}

// ReasonAlreadySent refuses a retry of an e-mail the SMTP server accepted:
// it is never sent again.
const ReasonAlreadySent = "EMAIL_ALREADY_SENT"

// SentRefusal refuses to retry an e-mail already accepted.
type SentRefusal struct{ MessageID string }

func (r *SentRefusal) Error() string {
	return "shop: e-mail " + r.MessageID + " was already accepted by the SMTP server"
}

// Fault says the e-mail went already.
func (r *SentRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: ReasonAlreadySent, Message: r.Error(), Metadata: nil}
}

// Outbox is the use cases of the e-mails the shop failed to send.
type Outbox struct {
	pool *pgxpool.Pool
	jobs Jobs
}

// NewOutbox returns the failed e-mails on pool, sent again through jobs.
func NewOutbox(pool *pgxpool.Pool, jobs Jobs) *Outbox {
	return &Outbox{pool: pool, jobs: jobs}
}

// Retry queues failed e-mail id's next attempt now, in its own transaction
// with the audit row naming by, and returns the e-mail and its job. An
// e-mail already accepted is refused (SentRefusal), never sent again.
func (o *Outbox) Retry(ctx context.Context, by audit.Caller, id string) (db.OutboundEmail, Job, error) {
	var e db.OutboundEmail
	var job Job
	err := pgx.BeginFunc(ctx, o.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		e, err = q.GetOutboundEmailForUpdate(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("mail: e-mail %s: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("mail: read e-mail %s: %w", id, err)
		}
		if e.SentAt != nil {
			return &SentRefusal{MessageID: id}
		}
		if job, err = o.jobs.RetryEmail(ctx, tx, id); err != nil {
			return err
		}
		type emailAudit struct {
			Attempts  int32  `json:"attempts"`
			LastError string `json:"last_error"`
		}
		return audit.Record(ctx, q, by, "email.retry", "email:"+id, emailAudit{e.Attempts, e.LastError}, nil)
	})
	return e, job, err
}

package shop

import (
	"context"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// Mailer queues an order's e-mail (kind as in outbound_emails.kind) to the
// address to, in the caller's transaction tx: the e-mail exists exactly when
// the change that causes it commits. A nil Mailer sends nothing.
type Mailer interface {
	OrderEmail(ctx context.Context, tx pgx.Tx, orderID int64, kind, to string) error
}

// Notify queues an order's e-mail of kind to its delivery address, when
// there is a mailer.
func Notify(ctx context.Context, tx pgx.Tx, mailer Mailer, order db.Order, kind string) error {
	if mailer == nil {
		return nil
	}
	return mailer.OrderEmail(ctx, tx, order.ID, kind, order.DeliveryEmail)
}

// EmailJobState is where the sending of an e-mail not yet accepted stands.
type EmailJobState string

// The states of an e-mail's sending.
const (
	// EmailRetrying waits for its next automatic attempt.
	EmailRetrying EmailJobState = "retrying"
	// EmailSending is being sent now.
	EmailSending EmailJobState = "sending"
	// EmailGaveUp ran out of automatic attempts.
	EmailGaveUp EmailJobState = "gave_up"
)

// EmailJob is the job queue's word on one e-mail's sending.
type EmailJob struct {
	State EmailJobState
	// NextAttempt is when it is tried by itself; zero unless retrying.
	NextAttempt time.Time
}

// EmailJobs is the job queue's side of the back office's failed e-mails:
// where each one's sending stands, and sending one again now. Retrying
// never sends twice an e-mail the SMTP server accepted: the job checks the
// e-mail's sent_at before sending, and a job already running is left alone.
type EmailJobs interface {
	EmailJobStates(ctx context.Context, messageIDs []string) (map[string]EmailJob, error)
	RetryEmail(ctx context.Context, tx pgx.Tx, messageID string) (EmailJob, error)
}

// ReasonEmailAlreadySent refuses a retry of an e-mail the SMTP server
// accepted: it is never sent again.
const ReasonEmailAlreadySent = "EMAIL_ALREADY_SENT"

// EmailSentRefusal refuses to retry an e-mail already accepted.
type EmailSentRefusal struct{ MessageID string }

func (r *EmailSentRefusal) Error() string {
	return "shop: e-mail " + r.MessageID + " was already accepted by the SMTP server"
}

// Fault says the e-mail went already.
func (r *EmailSentRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: ReasonEmailAlreadySent, Message: r.Error(), Metadata: nil}
}

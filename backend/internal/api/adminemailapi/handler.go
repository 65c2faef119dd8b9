// Package adminemailapi serves AdminEmailService over Connect: the e-mails
// not accepted after an attempt, each with where its sending stands in the
// job queue, and sending one again now (mail.Outbox.Retry).
package adminemailapi

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminEmailService.
type Handler struct {
	pool *pgxpool.Pool
	q    *db.Queries
	// emailJobs shows and retries failed e-mails; nil when this server
	// sends none.
	emailJobs mail.Jobs
}

var _ saboresv1connect.AdminEmailServiceHandler = (*Handler)(nil)

// New returns the handler of the e-mails stored in pool, showing and
// retrying them through jobs (nil when this server sends no e-mail).
func New(pool *pgxpool.Pool, jobs mail.Jobs) *Handler {
	return &Handler{pool: pool, q: db.New(pool), emailJobs: jobs}
}

package adminemailapi

import (
	"context"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// pageSizes: the failed e-mails screen shows 50 at a time.
var pageSizes = paging.Sizes{Default: 50, Max: 100}

// ListFailedEmails pages the e-mails not accepted after an attempt, oldest
// first, each with where its sending stands.
func (h *Handler) ListFailedEmails(ctx context.Context, req *connect.Request[saboresv1.ListFailedEmailsRequest]) (*connect.Response[saboresv1.ListFailedEmailsResponse], error) {
	window, err := paging.Page(0, req.Msg.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	cursor, ok, err := paging.ParseToken("page_token", req.Msg.GetPageToken())
	if err != nil {
		return nil, err
	}
	params := db.ListFailedEmailsParams{PageLimit: window.Size + 1}
	if ok {
		params.AfterCreated, params.AfterID = &cursor.Time, &cursor.Key
	}
	rows, err := h.q.ListFailedEmails(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("adminemailapi: list failed e-mails: %w", err)
	}
	res := &saboresv1.ListFailedEmailsResponse{}
	if len(rows) > int(window.Size) {
		rows = rows[:window.Size]
		last := rows[len(rows)-1]
		res.NextPageToken = paging.Cursor{Time: last.CreatedAt, Key: last.MessageID}.Token()
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.MessageID
	}
	states := map[string]mail.Job{}
	if h.emailJobs != nil {
		if states, err = h.emailJobs.EmailJobStates(ctx, ids); err != nil {
			return nil, err
		}
	}
	for _, r := range rows {
		res.Emails = append(res.Emails, failedEmailToProto(r, states[r.MessageID]))
	}
	return connect.NewResponse(res), nil
}

// RetryEmail queues a failed e-mail's next attempt now (mail.Outbox.Retry).
func (h *Handler) RetryEmail(ctx context.Context, req *connect.Request[saboresv1.RetryEmailRequest]) (*connect.Response[saboresv1.RetryEmailResponse], error) {
	if h.emailJobs == nil {
		return nil, connect.NewError(connect.CodeUnavailable, errors.New("e-mails are not sent by this server"))
	}
	e, job, err := mail.NewOutbox(h.pool, h.emailJobs).Retry(ctx, auth.Caller(ctx), req.Msg.GetMessageId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RetryEmailResponse{Email: failedEmailToProto(e, job)}), nil
}

var emailStates = map[mail.JobState]saboresv1.EmailState{
	mail.Retrying: saboresv1.EmailState_EMAIL_STATE_RETRYING,
	mail.Sending:  saboresv1.EmailState_EMAIL_STATE_SENDING,
	mail.GaveUp:   saboresv1.EmailState_EMAIL_STATE_GAVE_UP,
}

func failedEmailToProto(e db.OutboundEmail, job mail.Job) *saboresv1.FailedEmail {
	out := &saboresv1.FailedEmail{
		MessageId: e.MessageID, Kind: e.Kind, Recipient: e.Recipient, Attempts: e.Attempts,
		LastError: e.LastError, CreateTime: timestamppb.New(e.CreatedAt), State: emailStates[job.State],
	}
	if e.OrderID != nil {
		out.OrderId = *e.OrderID
	}
	if !job.NextAttempt.IsZero() {
		out.NextAttemptTime = timestamppb.New(job.NextAttempt)
	}
	return out
}

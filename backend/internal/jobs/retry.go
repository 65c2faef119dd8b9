package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/mail"
)

var _ mail.Jobs = (*MailQueue)(nil)

// emailJobs lists the send jobs of these messages, newest first: a message
// has one, or more when a retry found its job gone (River deletes finished
// jobs after a while) and queued another.
func (m *MailQueue) emailJobs(ctx context.Context, tx pgx.Tx, ids []string) (map[string]*rivertype.JobRow, error) {
	if len(ids) == 0 {
		return map[string]*rivertype.JobRow{}, nil
	}
	params := river.NewJobListParams().Kinds(SendEmailArgs{}.Kind()).
		Where("args->>'message_id' = any(@ids::text[])", river.NamedArgs{"ids": ids}).
		OrderBy(river.JobListOrderByID, river.SortOrderDesc).First(min(10*len(ids), 10000))
	var res *river.JobListResult
	var err error
	if tx != nil {
		res, err = m.client.JobListTx(ctx, tx, params)
	} else {
		res, err = m.client.JobList(ctx, params)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: list e-mail jobs: %w", err)
	}
	out := make(map[string]*rivertype.JobRow, len(ids))
	for _, j := range res.Jobs {
		var args SendEmailArgs
		if err := json.Unmarshal(j.EncodedArgs, &args); err != nil {
			return nil, fmt.Errorf("jobs: read e-mail job %d: %w", j.ID, err)
		}
		if _, seen := out[args.MessageID]; !seen {
			out[args.MessageID] = j
		}
	}
	return out, nil
}

// jobState says where a send job stands for the back office.
func jobState(j *rivertype.JobRow) mail.Job {
	switch {
	case j == nil:
		return mail.Job{State: mail.GaveUp}
	case j.State == rivertype.JobStateRunning:
		return mail.Job{State: mail.Sending}
	case j.State == rivertype.JobStateAvailable || j.State == rivertype.JobStateRetryable ||
		j.State == rivertype.JobStateScheduled || j.State == rivertype.JobStatePending:
		return mail.Job{State: mail.Retrying, NextAttempt: j.ScheduledAt}
	default:
		return mail.Job{State: mail.GaveUp}
	}
}

// EmailJobStates says where each message's sending stands.
func (m *MailQueue) EmailJobStates(ctx context.Context, ids []string) (map[string]mail.Job, error) {
	rows, err := m.emailJobs(ctx, nil, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]mail.Job, len(ids))
	for _, id := range ids {
		out[id] = jobState(rows[id])
	}
	return out, nil
}

// RetryEmail makes the message's send job available now, in tx: a job
// waiting for its next attempt moves up, one that gave up gets another
// attempt, one running is left alone. When River already deleted the job,
// a new one is queued. The job sends nothing once the SMTP server accepted
// the message, so a retry never sends it twice.
func (m *MailQueue) RetryEmail(ctx context.Context, tx pgx.Tx, id string) (mail.Job, error) {
	rows, err := m.emailJobs(ctx, tx, []string{id})
	if err != nil {
		return mail.Job{}, err
	}
	j := rows[id]
	if j == nil || j.State == rivertype.JobStateCompleted {
		res, err := m.client.InsertTx(ctx, tx, SendEmailArgs{MessageID: id}, nil)
		if err != nil {
			return mail.Job{}, fmt.Errorf("jobs: queue e-mail %s again: %w", id, err)
		}
		return jobState(res.Job), nil
	}
	if j, err = m.client.JobRetryTx(ctx, tx, j.ID); err != nil {
		return mail.Job{}, fmt.Errorf("jobs: retry e-mail %s: %w", id, err)
	}
	return jobState(j), nil
}

package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/feed"
)

// Delivery is one event to send to one endpoint.
type Delivery struct {
	EndpointID int64
	EventID    uuid.UUID
}

// dispatchBatch is how many events one pass of Dispatch reads.
const dispatchBatch = 500

// Pass is what one Dispatch did: the deliveries to queue, how many events
// it read past, and whether events are left after the cursor (a full
// page, or events a transaction still running holds back: the caller
// looks again shortly).
type Pass struct {
	Deliveries []Delivery
	Read       int
	Waiting    bool
}

// Dispatch reads, in tx, the events after the dispatcher's cursor (in
// commit order, none skipped: feed's rule), records a delivery for each
// event and each enabled endpoint taking its type that existed when the
// event happened, and moves the cursor past them. The caller queues
// Pass.Deliveries in tx: the cursor moves if and only if they are queued.
// The cursor row is locked, so passes never overlap.
func Dispatch(ctx context.Context, tx pgx.Tx) (Pass, error) {
	q := db.New(tx)
	at, err := q.LockWebhookDispatch(ctx)
	if err != nil {
		return Pass{}, fmt.Errorf("webhook: read dispatch cursor: %w", err)
	}
	events, err := q.ListAPIEvents(ctx, db.ListAPIEventsParams{AfterXid: at.Xid, AfterSeq: at.Seq, PageLimit: dispatchBatch})
	if err != nil {
		return Pass{}, fmt.Errorf("webhook: read events: %w", err)
	}
	if len(events) == 0 {
		waiting, err := heldBack(ctx, q, at.Xid, at.Seq)
		return Pass{Waiting: waiting}, err
	}
	endpoints, err := q.ListEnabledWebhookEndpoints(ctx)
	if err != nil {
		return Pass{}, fmt.Errorf("webhook: read endpoints: %w", err)
	}
	var rows db.InsertWebhookDeliveriesParams
	for _, e := range events {
		for _, ep := range endpoints {
			// An endpoint hears of what happens once it exists, not of the
			// month of events before it (nor of what passed while no
			// endpoint listened and the cursor waited for its sweep).
			if slices.Contains(ep.Types, e.Type) && !e.CreatedAt.Before(ep.CreatedAt) {
				rows.EndpointIds = append(rows.EndpointIds, ep.ID)
				rows.EventIds = append(rows.EventIds, e.ID)
				rows.EventTypes = append(rows.EventTypes, e.Type)
			}
		}
	}
	last := events[len(events)-1]
	pass := Pass{Read: len(events), Waiting: len(events) == dispatchBatch}
	if !pass.Waiting {
		// Events committed after an older transaction still running were
		// not read, and that transaction's end notifies nobody: saying
		// so keeps the caller from waiting for its sweep.
		if pass.Waiting, err = heldBack(ctx, q, last.Xid, last.Seq); err != nil {
			return Pass{}, err
		}
	}
	if len(rows.EndpointIds) > 0 {
		inserted, err := q.InsertWebhookDeliveries(ctx, rows)
		if err != nil {
			return Pass{}, fmt.Errorf("webhook: record deliveries: %w", err)
		}
		for _, r := range inserted {
			pass.Deliveries = append(pass.Deliveries, Delivery{EndpointID: r.EndpointID, EventID: r.EventID})
		}
	}
	if err := q.MoveWebhookDispatch(ctx, db.MoveWebhookDispatchParams{Xid: last.Xid, Seq: last.Seq}); err != nil {
		return Pass{}, fmt.Errorf("webhook: move dispatch cursor: %w", err)
	}
	return pass, nil
}

// heldBack says whether events exist after the cursor (xid, seq) that a
// pass could not read: a transaction still running holds them back.
func heldBack(ctx context.Context, q *db.Queries, xid string, seq int64) (bool, error) {
	waiting, err := q.HasAPIEventsAfter(ctx, db.HasAPIEventsAfterParams{AfterXid: xid, AfterSeq: seq})
	if err != nil {
		return false, fmt.Errorf("webhook: look for events held back: %w", err)
	}
	return waiting, nil
}

// ErrGone says a delivery's endpoint was deleted or disabled, or its event
// pruned: there is nothing to send, and no retry will change that.
var ErrGone = errors.New("webhook: endpoint or event gone")

// Delivery statuses, as webhook_deliveries.status holds them.
const (
	StatusPending   = "pending"
	StatusDelivered = "delivered"
	StatusFailing   = "failing"
	StatusFailed    = "failed"
)

// DisableAfter is how long an endpoint may fail without one success
// before it is disabled: the day its deliveries are retried for.
const DisableAfter = 24 * time.Hour

// DisableMinFailures is the fewest failed tries that disable an endpoint:
// one delivery tried twice a day apart is not a day of failures.
const DisableMinFailures = 10

// ShouldDisable says whether an endpoint that has failed failures times
// since failingSince (nil: its last try succeeded) is disabled at now.
func ShouldDisable(failures int32, failingSince *time.Time, now time.Time) bool {
	return failingSince != nil && failures >= DisableMinFailures && now.Sub(*failingSince) >= DisableAfter
}

// payload is a delivery's body: the event as ListEvents gives it.
type payload struct {
	ID        string         `json:"id"`
	Type      string         `json:"type"`
	Timestamp string         `json:"timestamp"`
	Data      map[string]any `json:"data"`
}

// Deliver sends one event to one endpoint through client, signed with the
// endpoint's secret at now, and records the try in one transaction: the
// delivery log, the endpoint's run of failures and, after DisableAfter of
// failures (ShouldDisable), the endpoint disabled, audited, with its
// owner alerted. last says no retry follows a failure. An answer other
// than 2xx is an error (the caller retries); ErrGone means stop.
func (s *Service) Deliver(ctx context.Context, client *http.Client, d Delivery, now time.Time, last bool) error {
	q := db.New(s.pool)
	ep, err := q.GetWebhookEndpoint(ctx, d.EndpointID)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrGone
	}
	if err != nil {
		return fmt.Errorf("webhook: read endpoint %d: %w", d.EndpointID, err)
	}
	ev, err := q.GetAPIEvent(ctx, d.EventID)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrGone
	}
	if err != nil {
		return fmt.Errorf("webhook: read event %s: %w", d.EventID, err)
	}
	// A try queued before the delivery succeeded another way (sent again
	// from the back office while River still held the failed try's retry)
	// has nothing left to do: it would send the event twice, or mark it
	// failed were the endpoint disabled since.
	delivered, err := q.WebhookDelivered(ctx, db.WebhookDeliveredParams{EndpointID: ep.ID, EventID: ev.ID})
	if err != nil {
		return fmt.Errorf("webhook: read delivery of %s: %w", ev.ID, err)
	}
	if delivered {
		return nil
	}
	if ep.DisabledAt != nil {
		if err := q.StopWebhookDelivery(ctx, db.StopWebhookDeliveryParams{
			EndpointID: ep.ID, EventID: ev.ID, Reason: "endpoint disabled",
		}); err != nil {
			return fmt.Errorf("webhook: stop delivery of %s: %w", ev.ID, err)
		}
		return ErrGone
	}
	attempt := db.RecordWebhookAttemptParams{EndpointID: ep.ID, EventID: ev.ID, EventType: ev.Type, At: &now}
	code, sendErr := send(ctx, client, ep, ev, now)
	attempt.ResponseCode = int32(code)
	switch {
	case sendErr == nil:
		attempt.Status = StatusDelivered
	case last:
		attempt.Status, attempt.LastError = StatusFailed, sendErr.Error()
	default:
		attempt.Status, attempt.LastError = StatusFailing, sendErr.Error()
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return s.record(ctx, tx, attempt, sendErr == nil, now)
	})
	if err != nil {
		return err
	}
	if sendErr != nil {
		return fmt.Errorf("webhook: deliver %s to endpoint %d: %w", ev.ID, ep.ID, sendErr)
	}
	return nil
}

// record keeps a try in tx, and disables its endpoint when it has failed
// long enough.
func (s *Service) record(ctx context.Context, tx pgx.Tx, attempt db.RecordWebhookAttemptParams, ok bool, now time.Time) error {
	q := db.New(tx)
	if err := q.RecordWebhookAttempt(ctx, attempt); err != nil {
		return fmt.Errorf("webhook: record delivery of %s: %w", attempt.EventID, err)
	}
	if ok {
		if err := q.WebhookEndpointSucceeded(ctx, attempt.EndpointID); err != nil {
			return fmt.Errorf("webhook: record success of endpoint %d: %w", attempt.EndpointID, err)
		}
		return nil
	}
	ep, err := q.WebhookEndpointFailed(ctx, db.WebhookEndpointFailedParams{ID: attempt.EndpointID, At: &now})
	if err != nil {
		return fmt.Errorf("webhook: record failure of endpoint %d: %w", attempt.EndpointID, err)
	}
	if ep.DisabledAt != nil || !ShouldDisable(ep.Failures, ep.FailingSince, now) {
		return nil
	}
	disabled, err := q.SetWebhookEndpointDisabled(ctx, db.SetWebhookEndpointDisabledParams{ID: ep.ID, At: &now, Reason: DisabledFailing})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("webhook: disable endpoint %d: %w", ep.ID, err)
	}
	if err := audit.Record(ctx, q, audit.Caller{Name: "system"}, "webhook.disable", fmt.Sprintf("webhook:%d", ep.ID),
		stateOf(ep), stateOf(disabled)); err != nil {
		return err
	}
	if s.alerts == nil {
		return nil
	}
	owner, err := q.WebhookEndpointOwner(ctx, ep.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		// Whoever registered it is gone: the back office shows it disabled.
		return nil
	}
	if err != nil {
		return fmt.Errorf("webhook: owner of endpoint %d: %w", ep.ID, err)
	}
	return s.alerts.WebhookDisabled(ctx, tx, ep.ID, owner, now)
}

// send posts the event to the endpoint and returns the answer's status
// code (0 when none came) and an error unless it was 2xx. The error never
// carries the URL, which may hold the receiver's own token.
func send(ctx context.Context, client *http.Client, ep db.WebhookEndpoint, ev db.GetAPIEventRow, now time.Time) (int, error) {
	p := payload{ID: ev.ID.String(), Type: ev.Type, Timestamp: ev.CreatedAt.UTC().Format(time.RFC3339Nano)}
	if err := json.Unmarshal(ev.Data, &p.Data); err != nil {
		return 0, fmt.Errorf("decode event: %w", err)
	}
	body, err := json.Marshal(p)
	if err != nil {
		return 0, fmt.Errorf("encode event: %w", err)
	}
	sig, err := signatures(ep, p.ID, now, body)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return 0, errors.New("the URL cannot be requested")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Sabores-Webhooks/1")
	req.Header.Set("webhook-id", p.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	req.Header.Set("webhook-signature", sig)
	res, err := client.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return 0, err
	}
	defer func() { _ = res.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return res.StatusCode, fmt.Errorf("answered %s", res.Status)
	}
	return res.StatusCode, nil
}

// DeliveryLog is one row of an endpoint's delivery log.
type DeliveryLog struct {
	ID            int64
	EndpointID    int64
	EventID       uuid.UUID
	EventType     string
	Status        string
	Attempts      int32
	ResponseCode  int32
	LastError     string
	LastAttemptAt *time.Time
	CreatedAt     time.Time
}

func deliveryLogOf(r db.WebhookDelivery) DeliveryLog {
	return DeliveryLog{
		ID: r.ID, EndpointID: r.EndpointID, EventID: r.EventID, EventType: r.EventType, Status: r.Status,
		Attempts: r.Attempts, ResponseCode: r.ResponseCode, LastError: r.LastError, LastAttemptAt: r.LastAttemptAt,
		CreatedAt: r.CreatedAt,
	}
}

// Deliveries pages an endpoint's log, newest first, before beforeID (0:
// from the newest), limit rows at most.
func (s *Service) Deliveries(ctx context.Context, endpointID, beforeID int64, limit int32) ([]DeliveryLog, error) {
	rows, err := db.New(s.pool).ListWebhookDeliveries(ctx, db.ListWebhookDeliveriesParams{
		EndpointID: endpointID, BeforeID: beforeID, PageLimit: limit,
	})
	if err != nil {
		return nil, fmt.Errorf("webhook: list deliveries of endpoint %d: %w", endpointID, err)
	}
	out := make([]DeliveryLog, len(rows))
	for i, r := range rows {
		out[i] = deliveryLogOf(r)
	}
	return out, nil
}

// Redeliver queues a delivery again ("send again"), audited, in one
// transaction; it goes out once its endpoint is enabled.
func (s *Service) Redeliver(ctx context.Context, by audit.Caller, deliveryID int64) (DeliveryLog, error) {
	if s.queue == nil {
		return DeliveryLog{}, errors.New("webhook: no delivery queue")
	}
	var row db.WebhookDelivery
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		row, err = q.RequeueWebhookDelivery(ctx, deliveryID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("webhook: delivery %d: %w", deliveryID, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("webhook: queue delivery %d again: %w", deliveryID, err)
		}
		ep, err := q.GetWebhookEndpoint(ctx, row.EndpointID)
		if err != nil {
			return fmt.Errorf("webhook: read endpoint %d: %w", row.EndpointID, err)
		}
		if ep.DisabledAt != nil {
			return fault.InvalidField("id", "enable the endpoint before sending again")
		}
		if err := s.queue.QueueWebhookDeliveries(ctx, tx, []Delivery{{EndpointID: row.EndpointID, EventID: row.EventID}}); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "webhook.redeliver", fmt.Sprintf("webhook:%d", row.EndpointID), nil,
			map[string]any{"delivery": row.ID, "event": row.EventID, "type": row.EventType})
	})
	if err != nil {
		return DeliveryLog{}, err
	}
	return deliveryLogOf(row), nil
}

// Prune forgets the deliveries older than feed.Retention as of now, with
// the events they sent; it returns how many went.
func Prune(ctx context.Context, q *db.Queries, now time.Time) (int64, error) {
	n, err := q.PruneWebhookDeliveries(ctx, now.Add(-feed.Retention))
	if err != nil {
		return 0, fmt.Errorf("webhook: prune deliveries: %w", err)
	}
	return n, nil
}

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
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/feed"
)

// Service keeps the owner's endpoints.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the endpoints of the database behind pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// Endpoint is a registered receiver of events of Types. Secret is set
// only in Create's answer.
type Endpoint struct {
	ID        int64
	URL       string
	Types     []string
	Secret    string
	CreatedAt time.Time
}

// endpointTrail is what the audit trail keeps of an endpoint: never its
// secret.
type endpointTrail struct {
	URL   string   `json:"url"`
	Types []string `json:"types"`
}

// checkURL accepts an absolute http(s) URL with a host. Where it points is
// checked when dialling (Client), where DNS cannot fool the check.
func checkURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return fault.InvalidField("url", "give an http or https URL without credentials")
	}
	return nil
}

// Create registers an endpoint for types (some of feed.EventTypes),
// audited, and returns it with its new secret, which is shown this once.
func (s *Service) Create(ctx context.Context, by audit.Caller, rawURL string, types []string) (Endpoint, error) {
	if err := checkURL(rawURL); err != nil {
		return Endpoint{}, err
	}
	if len(types) == 0 {
		return Endpoint{}, fault.InvalidField("types", "choose at least one event type")
	}
	for _, t := range types {
		if !slices.Contains(feed.EventTypes, t) {
			return Endpoint{}, fault.InvalidField("types", "unknown event type "+strconv.Quote(t))
		}
	}
	secret, err := NewSecret()
	if err != nil {
		return Endpoint{}, err
	}
	var row db.WebhookEndpoint
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var createdBy *int64
		if by.UserID != 0 {
			createdBy = &by.UserID
		}
		if row, err = q.CreateWebhookEndpoint(ctx, db.CreateWebhookEndpointParams{URL: rawURL, Types: types, Secret: secret, CreatedBy: createdBy}); err != nil {
			return fmt.Errorf("webhook: create endpoint: %w", err)
		}
		return audit.Record(ctx, q, by, "webhook.create", fmt.Sprintf("webhook:%d", row.ID), nil, endpointTrail{URL: rawURL, Types: types})
	})
	if err != nil {
		return Endpoint{}, err
	}
	out := endpointOf(row)
	out.Secret = secret
	return out, nil
}

// List is every endpoint, without secrets.
func (s *Service) List(ctx context.Context) ([]Endpoint, error) {
	rows, err := db.New(s.pool).ListWebhookEndpoints(ctx)
	if err != nil {
		return nil, fmt.Errorf("webhook: list endpoints: %w", err)
	}
	out := make([]Endpoint, len(rows))
	for i, r := range rows {
		out[i] = endpointOf(r)
	}
	return out, nil
}

// Delete removes an endpoint, audited; its queued deliveries find it gone
// and stop.
func (s *Service) Delete(ctx context.Context, by audit.Caller, id int64) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.DeleteWebhookEndpoint(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("webhook: endpoint %d: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("webhook: delete endpoint %d: %w", id, err)
		}
		return audit.Record(ctx, q, by, "webhook.delete", fmt.Sprintf("webhook:%d", id), endpointTrail{URL: row.URL, Types: row.Types}, nil)
	})
}

// RotationOverlap is how long an endpoint's old secret keeps signing
// beside the new one after a rotation: a day to change the receiver.
const RotationOverlap = 24 * time.Hour

// Rotate gives an endpoint a new secret, audited, and returns it with the
// secret (shown this once). For RotationOverlap deliveries carry two
// signatures, one by each secret, so the receiver may switch at any time.
func (s *Service) Rotate(ctx context.Context, by audit.Caller, id int64, now time.Time) (Endpoint, error) {
	secret, err := NewSecret()
	if err != nil {
		return Endpoint{}, err
	}
	var row db.WebhookEndpoint
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		until := now.Add(RotationOverlap)
		row, err = q.RotateWebhookSecret(ctx, db.RotateWebhookSecretParams{ID: id, Secret: secret, KeepUntil: &until})
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("webhook: endpoint %d: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("webhook: rotate the secret of endpoint %d: %w", id, err)
		}
		return audit.Record(ctx, q, by, "webhook.rotate", fmt.Sprintf("webhook:%d", id), nil, endpointTrail{URL: row.URL, Types: row.Types})
	})
	if err != nil {
		return Endpoint{}, err
	}
	out := endpointOf(row)
	out.Secret = secret
	return out, nil
}

// signatures are a delivery's webhook-signature: by the endpoint's secret,
// and by its previous one while a rotation's overlap lasts.
func signatures(ep db.WebhookEndpoint, id string, now time.Time, body []byte) (string, error) {
	sig, err := Sign(ep.Secret, id, now, body)
	if err != nil || ep.PreviousSecret == nil || ep.PreviousUntil == nil || !now.Before(*ep.PreviousUntil) {
		return sig, err
	}
	old, err := Sign(*ep.PreviousSecret, id, now, body)
	return sig + " " + old, err
}

func endpointOf(r db.WebhookEndpoint) Endpoint {
	return Endpoint{ID: r.ID, URL: r.URL, Types: r.Types, CreatedAt: r.CreatedAt}
}

// Delivery is one event to send to one endpoint.
type Delivery struct {
	EndpointID int64
	EventID    uuid.UUID
}

// dispatchBatch is how many events one pass of Dispatch reads.
const dispatchBatch = 500

// Dispatch reads, in tx, the events after the dispatcher's cursor (in
// commit order, none skipped: feed's rule) and returns a delivery for each
// event and each endpoint taking its type, moving the cursor past them.
// The caller queues the deliveries in tx: the cursor moves if and only if
// they are queued. The cursor row is locked, so passes never overlap.
func Dispatch(ctx context.Context, tx pgx.Tx) ([]Delivery, error) {
	q := db.New(tx)
	at, err := q.LockWebhookDispatch(ctx)
	if err != nil {
		return nil, fmt.Errorf("webhook: read dispatch cursor: %w", err)
	}
	events, err := q.ListAPIEvents(ctx, db.ListAPIEventsParams{AfterXid: at.Xid, AfterSeq: at.Seq, PageLimit: dispatchBatch})
	if err != nil {
		return nil, fmt.Errorf("webhook: read events: %w", err)
	}
	if len(events) == 0 {
		return nil, nil
	}
	endpoints, err := q.ListWebhookEndpoints(ctx)
	if err != nil {
		return nil, fmt.Errorf("webhook: read endpoints: %w", err)
	}
	var out []Delivery
	for _, e := range events {
		for _, ep := range endpoints {
			if slices.Contains(ep.Types, e.Type) {
				out = append(out, Delivery{EndpointID: ep.ID, EventID: e.ID})
			}
		}
	}
	last := events[len(events)-1]
	if err := q.MoveWebhookDispatch(ctx, db.MoveWebhookDispatchParams{Xid: last.Xid, Seq: last.Seq}); err != nil {
		return nil, fmt.Errorf("webhook: move dispatch cursor: %w", err)
	}
	return out, nil
}

// ErrGone says a delivery's endpoint was deleted or its event pruned:
// there is nothing left to send, and no retry will change that.
var ErrGone = errors.New("webhook: endpoint or event gone")

// payload is a delivery's body: the event as ListEvents gives it.
type payload struct {
	ID        string         `json:"id"`
	Type      string         `json:"type"`
	Timestamp string         `json:"timestamp"`
	Data      map[string]any `json:"data"`
}

// Deliver sends one event to one endpoint through client, signed with the
// endpoint's secret at now; an answer other than 2xx is an error (the
// caller retries).
func Deliver(ctx context.Context, q *db.Queries, client *http.Client, d Delivery, now time.Time) error {
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
	p := payload{ID: ev.ID.String(), Type: ev.Type, Timestamp: ev.CreatedAt.UTC().Format(time.RFC3339Nano)}
	if err := json.Unmarshal(ev.Data, &p.Data); err != nil {
		return fmt.Errorf("webhook: decode event %s: %w", d.EventID, err)
	}
	body, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("webhook: encode event %s: %w", d.EventID, err)
	}
	sig, err := signatures(ep, p.ID, now, body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("webhook: request to endpoint %d: %w", ep.ID, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Sabores-Webhooks/1")
	req.Header.Set("webhook-id", p.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	req.Header.Set("webhook-signature", sig)
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("webhook: deliver %s to endpoint %d: %w", p.ID, ep.ID, err)
	}
	defer func() { _ = res.Body.Close() }()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("webhook: endpoint %d answered %s to %s", ep.ID, res.Status, p.ID)
	}
	return nil
}

package webhook

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/feed"
)

// Service keeps the owner's endpoints and their deliveries.
type Service struct {
	pool   *pgxpool.Pool
	queue  Queue
	alerts Alerts
}

// Queue queues deliveries in the caller's transaction (River, in jobs).
type Queue interface {
	QueueWebhookDeliveries(ctx context.Context, tx pgx.Tx, ds []Delivery) error
}

// Alerts tells an endpoint's owner, to, that it was disabled after a day
// of failures, in the caller's transaction (an e-mail, in jobs).
type Alerts interface {
	WebhookDisabled(ctx context.Context, tx pgx.Tx, endpointID int64, to string, at time.Time) error
}

// New returns the endpoints of the database behind pool.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// WithQueue returns the service queueing "send again" through q.
func (s *Service) WithQueue(q Queue) *Service { c := *s; c.queue = q; return &c }

// WithAlerts returns the service alerting owners through a; without, a
// disabled endpoint is only seen in the back office.
func (s *Service) WithAlerts(a Alerts) *Service { c := *s; c.alerts = a; return &c }

// Endpoint is a registered receiver of events of Types. Secret is set
// only in Create's and Rotate's answers. DisabledAt is set while it is
// disabled, by the owner or after a day of failures (DisabledReason);
// Failures counts the failed tries since FailingSince, the last success.
type Endpoint struct {
	ID             int64
	URL            string
	Types          []string
	Secret         string
	CreatedAt      time.Time
	DisabledAt     *time.Time
	DisabledReason string
	FailingSince   *time.Time
	Failures       int32
}

// Reasons an endpoint is disabled.
const (
	DisabledByOwner = "owner"
	DisabledFailing = "failing"
)

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
	return Endpoint{
		ID: r.ID, URL: r.URL, Types: r.Types, CreatedAt: r.CreatedAt,
		DisabledAt: r.DisabledAt, DisabledReason: r.DisabledReason, FailingSince: r.FailingSince, Failures: r.Failures,
	}
}

// SetEnabled enables or disables an endpoint, audited. Enabling starts a
// clean slate (no run of failures); disabling stops its deliveries, those
// queued included, until it is enabled again.
func (s *Service) SetEnabled(ctx context.Context, by audit.Caller, id int64, enabled bool, now time.Time) (Endpoint, error) {
	var row db.WebhookEndpoint
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before, err := q.GetWebhookEndpoint(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("webhook: endpoint %d: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("webhook: read endpoint %d: %w", id, err)
		}
		if (before.DisabledAt == nil) == enabled {
			row = before
			return nil
		}
		action := "webhook.enable"
		if enabled {
			row, err = q.SetWebhookEndpointEnabled(ctx, id)
		} else {
			action = "webhook.disable"
			row, err = q.SetWebhookEndpointDisabled(ctx, db.SetWebhookEndpointDisabledParams{ID: id, At: &now, Reason: DisabledByOwner})
		}
		if err != nil {
			return fmt.Errorf("webhook: %s endpoint %d: %w", action, id, err)
		}
		return audit.Record(ctx, q, by, action, fmt.Sprintf("webhook:%d", id), stateOf(before), stateOf(row))
	})
	if err != nil {
		return Endpoint{}, err
	}
	return endpointOf(row), nil
}

// endpointState is what the audit trail keeps of an endpoint's state.
type endpointState struct {
	Disabled string `json:"disabled,omitempty"`
	Failures int32  `json:"failures"`
}

func stateOf(r db.WebhookEndpoint) endpointState {
	return endpointState{Disabled: r.DisabledReason, Failures: r.Failures}
}

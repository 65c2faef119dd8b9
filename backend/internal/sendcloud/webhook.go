package sendcloud

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/ratelimit"
)

// WebhookPath is where Sendcloud posts the shop's tracking webhooks: the
// URL registered in the integration's settings is PUBLIC_URL followed by it.
const WebhookPath = "/carrier/sendcloud/webhook"

// SignatureHeader carries a webhook's signature: the hexadecimal
// HMAC-SHA256 of the raw body keyed with the integration's secret key
// (https://sendcloud.dev/api/v3/webhooks, "To verify a request is coming
// from Sendcloud").
const SignatureHeader = "Sendcloud-Signature"

// Sign is the signature of body under secret, as Sendcloud computes it.
func Sign(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// Verify reports, in constant time, whether signature is body's under
// secret. An empty secret verifies nothing.
func Verify(secret string, body []byte, signature string) bool {
	got, err := hex.DecodeString(signature)
	if err != nil || secret == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal(got, mac.Sum(nil))
}

// The webhook's payload (ParcelStatusChangedWebhook): only what the shop
// reads of it.
type webhookPayload struct {
	Action string `json:"action"`
	// Timestamp and CarrierStatusChangeTimestamp are Unix times; Sendcloud
	// sends milliseconds (its examples: 1525271885993).
	Timestamp                    float64  `json:"timestamp"`
	CarrierStatusChangeTimestamp *float64 `json:"carrier_status_change_timestamp"`
	Parcel                       struct {
		ID     int64 `json:"id"`
		Status struct {
			ID      int    `json:"id"`
			Message string `json:"message"`
		} `json:"status"`
	} `json:"parcel"`
}

// ActionParcelStatusChanged is the one action the shop acts on.
const ActionParcelStatusChanged = "parcel_status_changed"

// maxWebhookBytes bounds a webhook's body: a parcel's data is a few KiB.
const maxWebhookBytes = 256 << 10

// What a webhook came to, as the webhook counter labels it.
const (
	WebhookApplied       = "applied"
	WebhookUnchanged     = "unchanged"
	WebhookIgnored       = "ignored"
	WebhookUnknownParcel = "unknown_parcel"
	WebhookForged        = "forged"
	WebhookMalformed     = "malformed"
	WebhookRateLimited   = "rate_limited"
)

// WebhookOutcomes lists every outcome, for the counter's labels.
var WebhookOutcomes = []string{
	WebhookApplied, WebhookUnchanged, WebhookIgnored, WebhookUnknownParcel, WebhookForged, WebhookMalformed, WebhookRateLimited,
}

// Recorder applies a verified tracking event (carrier.Service.Record).
type Recorder interface {
	Record(ctx context.Context, platform string, st carrier.Status) (carrier.Outcome, error)
}

// Rejected webhooks allowed per peer before it is refused unread: a few
// forgeries are counted, a flood costs no reads.
const (
	rejectedInterval = 100 * time.Millisecond
	rejectedBurst    = 50
	rejectedLogEvery = time.Minute
)

// Webhook receives Sendcloud's tracking webhooks at WebhookPath.
type Webhook struct {
	secret   string
	recorder Recorder
	count    func(outcome string)
	log      *slog.Logger
	limit    *ratelimit.Limiter
	sampled  *ratelimit.Limiter
}

// NewWebhook verifies webhooks with the integration's secret key and hands
// their events to recorder, counting each by its outcome (count may be
// nil).
func NewWebhook(secret string, recorder Recorder, count func(outcome string), log *slog.Logger) *Webhook {
	if count == nil {
		count = func(string) {}
	}
	return &Webhook{
		secret: secret, recorder: recorder, count: count, log: log,
		limit: ratelimit.New(rejectedInterval, rejectedBurst), sampled: ratelimit.New(rejectedLogEvery, 1),
	}
}

// ServeHTTP verifies a webhook and applies its event. Only a webhook
// signed with the secret key, for a parcel of the shop's, changes
// anything; everything else is counted and answered without effect: 403
// for a bad signature, 400 for a body that is no webhook, 200 for a
// signed webhook the shop does not act on or for a parcel it does not
// know (there is nothing for Sendcloud to retry). A failure to record is
// 500, which Sendcloud retries (10 times, backing off to an hour).
func (h *Webhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	peer := ratelimit.ClientAddrFrom(r.Context(), r.RemoteAddr)
	if blocked, wait := h.limit.Blocked(peer); blocked {
		h.reject(r, peer, WebhookRateLimited, "too many rejected webhooks")
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
		http.Error(w, "too many requests, try again later", http.StatusTooManyRequests)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		h.reject(r, peer, WebhookMalformed, "unreadable body")
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if !Verify(h.secret, body, r.Header.Get(SignatureHeader)) {
		h.reject(r, peer, WebhookForged, "bad signature")
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	var p webhookPayload
	if err := json.Unmarshal(body, &p); err != nil {
		h.reject(r, peer, WebhookMalformed, err.Error())
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if p.Action != ActionParcelStatusChanged || p.Parcel.ID == 0 {
		h.answer(w, WebhookIgnored)
		return
	}
	st := carrier.Status{
		ParcelID: p.Parcel.ID, State: IDState(p.Parcel.Status.ID), Message: p.Parcel.Status.Message,
		At: unixTime(p.Timestamp),
	}
	if p.CarrierStatusChangeTimestamp != nil {
		st.At = unixTime(*p.CarrierStatusChangeTimestamp)
	}
	out, err := h.recorder.Record(r.Context(), Name, st)
	switch {
	case errors.Is(err, carrier.ErrUnknownParcel):
		h.reject(r, peer, WebhookUnknownParcel, err.Error())
		h.answer(w, "")
	case err != nil:
		h.log.ErrorContext(r.Context(), "sendcloud webhook not recorded", "parcel", p.Parcel.ID, "status", p.Parcel.Status.ID, "error", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	default:
		h.log.InfoContext(r.Context(), "sendcloud webhook", "parcel", p.Parcel.ID, "status", p.Parcel.Status.ID, "outcome", out)
		h.answer(w, string(out))
	}
}

// answer acknowledges a signed webhook, counting it by outcome ("" when
// already counted).
func (h *Webhook) answer(w http.ResponseWriter, outcome string) {
	if outcome != "" {
		h.count(outcome)
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("OK"))
}

// reject counts a webhook that changes nothing and charges its peer's
// limit, logging at most a line a minute per peer.
func (h *Webhook) reject(r *http.Request, peer, outcome, detail string) {
	h.count(outcome)
	if outcome != WebhookRateLimited {
		h.limit.Allow(peer)
	}
	if ok, _ := h.sampled.Allow(peer); ok {
		h.log.WarnContext(r.Context(), "sendcloud webhook rejected (one line a minute per peer)",
			"outcome", outcome, "detail", detail, "remote", peer)
	}
}

// unixTime reads a Unix time in milliseconds, or in seconds when it is
// too small to be milliseconds; zero is no time.
func unixTime(v float64) time.Time {
	switch {
	case v <= 0:
		return time.Time{}
	case v >= 1e11: // milliseconds: 1e11 s would be the year 5138
		return time.UnixMilli(int64(v))
	}
	return time.Unix(int64(v), 0)
}

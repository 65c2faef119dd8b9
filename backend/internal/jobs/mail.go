package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/till"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

// Sender hands a message to the SMTP server; nil means it was accepted.
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// IdentitySource reads the shop's identity for e-mails. The shop settings
// (shopsettings, from the storefront work) will provide it; until then the
// configuration's stand-in does.
type IdentitySource interface {
	MailIdentity(ctx context.Context) (mail.Identity, error)
}

// SendEmailArgs sends the outbound_emails row with this message id.
type SendEmailArgs struct {
	MessageID string `json:"message_id"`
}

// Kind names the job in river_job.
func (SendEmailArgs) Kind() string { return "send_email" }

// MailQueue queues order e-mails as River jobs, in the caller's transaction.
type MailQueue struct {
	client *river.Client[pgx.Tx]
	from   string
}

var (
	_ order.Mailer      = (*MailQueue)(nil)
	_ withdrawal.Mailer = (*MailQueue)(nil)
	_ till.TicketMailer = (*MailQueue)(nil)
)

// NewMailQueue queues through client; from is the sender address, whose
// domain the Message-IDs use.
func NewMailQueue(client *river.Client[pgx.Tx], from string) *MailQueue {
	return &MailQueue{client: client, from: from}
}

// OrderEmail records the e-mail and inserts its job in tx. The same order
// and kind queued again (a retried transaction) is one e-mail.
func (m *MailQueue) OrderEmail(ctx context.Context, tx pgx.Tx, orderID int64, kind, to string) error {
	id := mail.MessageID(orderID, mail.Kind(kind), m.from)
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertOutboundEmail(ctx, db.InsertOutboundEmailParams{
			MessageID: id, OrderID: &orderID, Kind: kind, Recipient: to,
		})
	})
}

// WithdrawalEmail records a withdrawal's e-mail and inserts its job in tx;
// queued again, it is one e-mail.
func (m *MailQueue) WithdrawalEmail(ctx context.Context, tx pgx.Tx, orderID, withdrawalID int64, kind, to string) error {
	id := mail.WithdrawalMessageID(orderID, withdrawalID, mail.Kind(kind), m.from)
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertWithdrawalEmail(ctx, db.InsertWithdrawalEmailParams{
			MessageID: id, OrderID: &orderID, WithdrawalID: &withdrawalID, Kind: kind, Recipient: to,
		})
	})
}

// NewsletterConfirmation records the e-mail asking sub to confirm their
// subscription and inserts its job in tx; a renewed request (a new
// requested_at) is a new e-mail.
func (m *MailQueue) NewsletterConfirmation(ctx context.Context, tx pgx.Tx, sub db.NewsletterSubscription) error {
	id := fmt.Sprintf("<newsletter-%d-%d@%s>", sub.ID, sub.RequestedAt.UnixMilli(), mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertOutreachEmail(ctx, db.InsertOutreachEmailParams{
			MessageID: id, Kind: string(mail.NewsletterConfirm), Recipient: sub.Email, NewsletterID: &sub.ID,
		})
	})
}

// BackInStockConfirmation records the e-mail asking to confirm a
// back-in-stock request and inserts its job in tx; a renewed request is a
// new e-mail.
func (m *MailQueue) BackInStockConfirmation(ctx context.Context, tx pgx.Tx, req db.BackInStockRequest) error {
	id := fmt.Sprintf("<back-in-stock-confirm-%d-%d@%s>", req.ID, req.RequestedAt.UnixMilli(), mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertBackInStockEmail(ctx, db.InsertBackInStockEmailParams{
			MessageID: id, Kind: string(mail.BackInStockConfirm), Recipient: req.Email, BackInStockID: &req.ID,
		})
	})
}

// BackInStockAlert records the one alert of a back-in-stock request and
// inserts its job in tx; queued again, it is one e-mail.
func (m *MailQueue) BackInStockAlert(ctx context.Context, tx pgx.Tx, req db.BackInStockRequest) error {
	id := fmt.Sprintf("<back-in-stock-%d@%s>", req.ID, mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertBackInStockEmail(ctx, db.InsertBackInStockEmailParams{
			MessageID: id, Kind: string(mail.BackInStockAlert), Recipient: req.Email, BackInStockID: &req.ID,
		})
	})
}

// ContactMessage records the e-mail carrying contact message msg to the
// shop's address to and inserts its job in tx.
func (m *MailQueue) ContactMessage(ctx context.Context, tx pgx.Tx, msg db.ContactMessage, to string) error {
	id := fmt.Sprintf("<contact-%d@%s>", msg.ID, mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertOutreachEmail(ctx, db.InsertOutreachEmailParams{
			MessageID: id, Kind: string(mail.ContactMessage), Recipient: to, ContactID: &msg.ID,
		})
	})
}

// WebhookDisabled records the e-mail telling the owner, to, that webhook
// endpoint endpointID was disabled at at (webhook.Alerts) and inserts its
// job in tx; once per disabling.
func (m *MailQueue) WebhookDisabled(ctx context.Context, tx pgx.Tx, endpointID int64, to string, at time.Time) error {
	id := fmt.Sprintf("<webhook-disabled-%d-%d@%s>", endpointID, at.UnixMilli(), mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertOwnerAlertEmail(ctx, db.InsertOwnerAlertEmailParams{
			MessageID: id, Kind: string(mail.WebhookDisabled), Recipient: to, WebhookEndpointID: &endpointID,
		})
	})
}

// APIKeyExpiring records the e-mail telling the owner, to, that API key
// keyID expires soon and inserts its job in tx; once per key.
func (m *MailQueue) APIKeyExpiring(ctx context.Context, tx pgx.Tx, keyID int64, to string) error {
	id := fmt.Sprintf("<api-key-expiring-%d@%s>", keyID, mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertOwnerAlertEmail(ctx, db.InsertOwnerAlertEmailParams{
			MessageID: id, Kind: string(mail.APIKeyExpiring), Recipient: to, APIKeyID: &keyID,
		})
	})
}

// CartReminder records the one reminder of abandoned cart cartID to the
// subscriber to (subscription subscriptionID, the consent) and inserts its
// job in tx; the message id is the cart's, so a cart is reminded of once
// whatever queues it again.
func (m *MailQueue) CartReminder(ctx context.Context, tx pgx.Tx, cartID, subscriptionID int64, to string) error {
	id := fmt.Sprintf("<cart-reminder-%d@%s>", cartID, mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertCartReminderEmail(ctx, db.InsertCartReminderEmailParams{
			MessageID: id, Recipient: to, SavedCartID: &cartID, NewsletterID: &subscriptionID,
		})
	})
}

// queue records e-mail id with insert and inserts its job, both in tx. An
// insert that finds the message id recorded already (no row) queues
// nothing: the e-mail is on its way.
func (m *MailQueue) queue(ctx context.Context, tx pgx.Tx, id string, insert func(*db.Queries) (string, error)) error {
	_, err := insert(db.New(tx))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("jobs: record e-mail %s: %w", id, err)
	}
	if _, err := m.client.InsertTx(ctx, tx, SendEmailArgs{MessageID: id}, nil); err != nil {
		return fmt.Errorf("jobs: queue e-mail %s: %w", id, err)
	}
	return nil
}

type mailWorker struct {
	river.WorkerDefaults[SendEmailArgs]
	pool     *pgxpool.Pool
	sender   Sender
	identity IdentitySource
	log      *slog.Logger
	links    *withdrawal.Links
	// lots writes the expiry digest; nil cancels one (no lots here).
	lots *lots.Service
}

// Work sends one e-mail unless the SMTP server already accepted it. A
// failure is recorded for the back office and returned, so River retries
// with its backoff (for hours, then days). The only way to send twice is a
// crash between the server's acceptance and the update recording it, and
// then the copy carries the same Message-ID.
func (w *mailWorker) Work(ctx context.Context, job *river.Job[SendEmailArgs]) error {
	q := db.New(w.pool)
	e, err := q.GetOutboundEmail(ctx, job.Args.MessageID)
	if errors.Is(err, pgx.ErrNoRows) {
		return river.JobCancel(fmt.Errorf("jobs: no e-mail %s", job.Args.MessageID))
	}
	if err != nil {
		return fmt.Errorf("jobs: read e-mail %s: %w", job.Args.MessageID, err)
	}
	if e.SentAt != nil {
		return nil
	}
	if e.Recipient == "" {
		// Its shopper deleted the account: the address is gone, and so is
		// the reason to write.
		return river.JobCancel(fmt.Errorf("jobs: e-mail %s has no recipient (account deleted)", e.MessageID))
	}
	m, err := w.compose(ctx, q, e)
	if err != nil {
		return err
	}
	if err := w.sender.Send(ctx, m); err != nil {
		if merr := q.MarkEmailFailed(ctx, db.MarkEmailFailedParams{MessageID: e.MessageID, LastError: err.Error()}); merr != nil {
			w.log.ErrorContext(ctx, "jobs: record e-mail failure", "message_id", e.MessageID, "error", merr)
		}
		return err
	}
	if err := q.MarkEmailSent(ctx, e.MessageID); err != nil {
		return fmt.Errorf("jobs: record e-mail %s sent: %w", e.MessageID, err)
	}
	return nil
}

// compose renders the e-mail from the order (or subscription, or contact
// message) as it is now.
func (w *mailWorker) compose(ctx context.Context, q *db.Queries, e db.OutboundEmail) (mail.Message, error) {
	switch {
	case e.Kind == string(mail.LotExpiryDigest):
		return w.composeLotDigest(ctx, e)
	case e.Kind == string(mail.CartReminder):
		return w.composeCartReminder(ctx, q, e)
	case e.Kind == string(mail.TillTicket):
		return w.composeTillTicket(ctx, e)
	case e.NewsletterID != nil:
		return w.composeNewsletter(ctx, q, e)
	case e.ContactID != nil:
		return w.composeContact(ctx, q, e)
	case e.BackInStockID != nil:
		return w.composeBackInStock(ctx, q, e)
	case e.WebhookEndpointID != nil || e.APIKeyID != nil:
		return w.composeOwnerAlert(ctx, q, e)
	}
	if e.OrderID == nil {
		return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: e-mail %s has no order", e.MessageID))
	}
	o, err := q.GetOrder(ctx, *e.OrderID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: order of e-mail %s: %w", e.MessageID, err)
	}
	lines, err := q.ListOrderLines(ctx, []int64{o.ID})
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: lines of e-mail %s: %w", e.MessageID, err)
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	data := mail.Order{
		ID: o.ID, Language: o.Language, PlacedAt: o.CreatedAt, PaymentMethod: o.PaymentMethod,
		SubtotalCents: o.SubtotalCents, ShippingCents: o.ShippingCents, SurchargeCents: o.PaymentSurchargeCents, TotalCents: o.TotalCents,
		DeliveryName: o.DeliveryName, DeliveryAddress: o.DeliveryAddress, DeliveryPostalCode: o.DeliveryPostalCode,
		DeliveryCity: o.DeliveryCity, DeliveryPhone: o.DeliveryPhone,
		Carrier: o.Carrier, TrackingNumber: o.TrackingNumber, TrackingURL: order.TrackingURL(o.Carrier, o.TrackingNumber),
		TransferReference: order.TransferReference(o.ID),
		WasPaid:           o.PaymentStatus != string(order.AwaitingPayment) && o.PaymentStatus != string(order.OnDelivery),
		RefundAsked:       o.PaymentStatus == string(order.Refunded) && (o.PaymentMethod == "card" || o.PaymentMethod == "bizum"),
	}
	if o.DispatchOn.Valid {
		data.DispatchOn = o.DispatchOn.Time
	}
	sold, err := order.SoldDiscount(ctx, q, o.ID)
	if err != nil {
		return mail.Message{}, err
	}
	if sold != nil {
		data.Discount = &mail.Discount{Code: sold.Code, AmountCents: sold.AmountCents}
		for _, p := range sold.Parts {
			data.Discount.Parts = append(data.Discount.Parts, mail.VATRate{BasisPoints: p.VATBasisPoints, BaseCents: p.AmountCents - p.VATCents, VATCents: p.VATCents})
		}
	}
	if o.PickupCode != nil {
		data.PickupCode = *o.PickupCode
	}
	for _, l := range lines {
		data.Lines = append(data.Lines, mail.Line{
			Name: lineName(l.ProductName, l.ProductNamePt, o.Language), Quantity: l.Quantity, UnitCents: l.UnitPriceCents,
			TotalCents: l.LineTotalCents, VATBasisPoints: l.VatBasisPoints,
		})
	}
	if e.Kind == string(mail.Cancelled) {
		if data.CancelNote, err = q.LastCancelNote(ctx, o.ID); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return mail.Message{}, fmt.Errorf("jobs: cancel note of order %d: %w", o.ID, err)
		}
	}
	// A parcel bought through the carrier platform has the platform's
	// tracking page, whatever its carrier's name.
	parcel, err := order.ParcelOf(ctx, q, o.ID)
	if err != nil {
		return mail.Message{}, err
	}
	if parcel != nil && parcel.TrackingURL != "" {
		data.TrackingURL = parcel.TrackingURL
	}
	// The delivery starts the withdrawal period: its e-mail links the
	// function again.
	if (e.Kind == string(mail.OrderReceived) || e.Kind == string(mail.Delivered)) && w.links != nil {
		// The token rides in the fragment, which browsers never send: it stays
		// out of server logs and Referer headers.
		data.WithdrawalLink = mail.SiteURL(identity.PublicURL, o.Language) + "/desistir#" + w.links.Token(o.ID, o.CreatedAt)
	}
	if e.Kind == string(mail.BankRefunded) {
		refunds, err := q.OrderBankRefunds(ctx, o.ID)
		if err != nil || len(refunds) == 0 {
			return mail.Message{}, fmt.Errorf("jobs: bank refund of order %d (%d found): %w", o.ID, len(refunds), err)
		}
		r := refunds[len(refunds)-1]
		day := r.RefundedOn
		if d, err := time.Parse(time.DateOnly, day); err == nil {
			day = d.Format("02/01/2006")
		}
		data.BankRefund = &mail.BankRefund{AmountCents: r.AmountCents, Reference: r.BankReference, Day: day}
	}
	if e.WithdrawalID != nil {
		if data.Withdrawal, err = withdrawalOf(ctx, q, *e.WithdrawalID, o.Language); err != nil {
			return mail.Message{}, err
		}
	}
	if e.LotRecallID != nil {
		if data.Recall, err = recallOf(ctx, q, *e.LotRecallID, o.ID, o.Language); err != nil {
			return mail.Message{}, err
		}
	}
	subject, html, text, err := mail.Render(mail.Kind(e.Kind), data, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text}, nil
}

// lineName is the name an order line was sold under in the e-mail's
// language: the Portuguese one for a Portuguese order, when the product had
// one (migration 00081), else the Spanish one.
func lineName(es, pt, lang string) string {
	if lang == "pt" && pt != "" {
		return pt
	}
	return es
}

// withdrawalOf reads what a withdrawal e-mail says of the withdrawal.
func withdrawalOf(ctx context.Context, q *db.Queries, id int64, lang string) (*mail.Withdrawal, error) {
	wd, err := q.GetWithdrawal(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("jobs: withdrawal %d: %w", id, err)
	}
	lines, err := q.WithdrawalLinesOf(ctx, []int64{id})
	if err != nil {
		return nil, fmt.Errorf("jobs: lines of withdrawal %d: %w", id, err)
	}
	out := &mail.Withdrawal{
		ID: wd.ID, RequestedAt: wd.RequestedAt, RefundDeadline: wd.RequestedAt.AddDate(0, 0, withdrawal.RefundDays),
		CancelledOrder: wd.CancelledOrder, RefundCents: wd.RefundCents,
		RefundMethod: wd.RefundMethod, RefundReference: wd.RefundReference,
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, mail.WithdrawalLine{
			Name: lineName(l.ProductName, l.ProductNamePt, lang), Quantity: l.Quantity, TotalCents: l.UnitPriceCents * int64(l.Quantity),
			SealedHygiene: l.SealedHygiene, RejectReason: l.RejectReason,
		})
	}
	return out, nil
}

// composeNewsletter renders the request to confirm a subscription, with its
// signed confirmation and unsubscribe links.
func (w *mailWorker) composeNewsletter(ctx context.Context, q *db.Queries, e db.OutboundEmail) (mail.Message, error) {
	sub, err := q.NewsletterGet(ctx, *e.NewsletterID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: subscription of e-mail %s: %w", e.MessageID, err)
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	key, err := contact.NewsletterKey(ctx, q)
	if err != nil {
		return mail.Message{}, err
	}
	n := mail.Newsletter{
		Language: sub.Language,
		ConfirmURL: contact.NewsletterLink(mail.SiteURL(identity.PublicURL, sub.Language), contact.NewsletterConfirm,
			contact.NewsletterToken(key, contact.NewsletterConfirm, sub.ID, sub.Email)),
		UnsubscribeURL: contact.NewsletterLink(mail.SiteURL(identity.PublicURL, sub.Language), contact.NewsletterUnsubscribe,
			contact.NewsletterToken(key, contact.NewsletterUnsubscribe, sub.ID, sub.Email)),
	}
	subject, html, text, err := mail.RenderNewsletterConfirm(n, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text}, nil
}

// composeBackInStock renders a back-in-stock request's confirmation
// request or its alert, naming the product in the request's language.
func (w *mailWorker) composeBackInStock(ctx context.Context, q *db.Queries, e db.OutboundEmail) (mail.Message, error) {
	req, err := q.BackInStockGet(ctx, *e.BackInStockID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: back-in-stock request of e-mail %s: %w", e.MessageID, err)
	}
	p, err := q.BackInStockProduct(ctx, req.ProductID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: product of e-mail %s: %w", e.MessageID, err)
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	site := mail.SiteURL(identity.PublicURL, req.Language)
	s := mail.Stock{Language: req.Language, ProductName: lineName(p.Name, p.NamePt, req.Language),
		ProductURL: fmt.Sprintf("%s/producto/%d", site, p.ID)}
	if e.Kind == string(mail.BackInStockConfirm) {
		key, err := contact.NewsletterKey(ctx, q)
		if err != nil {
			return mail.Message{}, err
		}
		s.ConfirmURL = contact.NewsletterLink(site, contact.BackInStockConfirm,
			contact.NewsletterToken(key, contact.BackInStockConfirm, req.ID, req.Email))
	}
	subject, html, text, err := mail.RenderBackInStock(mail.Kind(e.Kind), s, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text}, nil
}

// composeContact renders a contact message for the shop, answerable to its
// sender.
func (w *mailWorker) composeContact(ctx context.Context, q *db.Queries, e db.OutboundEmail) (mail.Message, error) {
	c, err := q.ContactGet(ctx, *e.ContactID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: contact message of e-mail %s: %w", e.MessageID, err)
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	subject, html, text, err := mail.RenderContactMessage(mail.Contact{
		ID: c.ID, Name: c.Name, Email: c.Email, Phone: c.Phone, Subject: c.Subject, Message: c.Message,
		Language: c.Language, SentAt: c.CreatedAt,
	}, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, ReplyTo: c.Email, Subject: subject, HTML: html, Text: text}, nil
}

// composeOwnerAlert renders an alert to the owner about a webhook endpoint
// or an API key, as the row is now, linking the back office screen.
func (w *mailWorker) composeOwnerAlert(ctx context.Context, q *db.Queries, e db.OutboundEmail) (mail.Message, error) {
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	var alert mail.OwnerAlert
	if e.WebhookEndpointID != nil {
		ep, err := q.WebhookEndpointForAlert(ctx, *e.WebhookEndpointID)
		if errors.Is(err, pgx.ErrNoRows) {
			return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: endpoint of e-mail %s deleted", e.MessageID))
		}
		if err != nil {
			return mail.Message{}, fmt.Errorf("jobs: endpoint of e-mail %s: %w", e.MessageID, err)
		}
		a := &mail.WebhookAlert{URL: ep.URL, Failures: ep.Failures}
		if ep.FailingSince != nil {
			a.FailingSince = *ep.FailingSince
		}
		if ep.DisabledAt != nil {
			a.DisabledAt = *ep.DisabledAt
		}
		alert = mail.OwnerAlert{Webhook: a, Link: identity.PublicURL + "/admin/webhooks"}
	} else {
		k, err := q.APIKeyForAlert(ctx, *e.APIKeyID)
		if err != nil {
			return mail.Message{}, fmt.Errorf("jobs: key of e-mail %s: %w", e.MessageID, err)
		}
		a := &mail.KeyAlert{Name: k.Name, Prefix: k.Prefix}
		if k.ExpiresAt != nil {
			a.ExpiresAt = *k.ExpiresAt
		}
		alert = mail.OwnerAlert{Key: a, Link: identity.PublicURL + "/admin/api-keys"}
	}
	subject, html, text, err := mail.RenderOwnerAlert(alert, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text}, nil
}

// composeCartReminder renders an abandoned cart's reminder as the cart is
// now, in the subscriber's language. A cart ordered or emptied since, or a
// subscription withdrawn since (no consent any more), is not reminded of.
func (w *mailWorker) composeCartReminder(ctx context.Context, q *db.Queries, e db.OutboundEmail) (mail.Message, error) {
	if e.SavedCartID == nil || e.NewsletterID == nil {
		return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: cart reminder %s: the cart is gone", e.MessageID))
	}
	sub, err := q.NewsletterGet(ctx, *e.NewsletterID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: subscription of e-mail %s: %w", e.MessageID, err)
	}
	if sub.ConfirmedAt == nil || sub.UnsubscribedAt != nil {
		return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: cart reminder %s: consent withdrawn", e.MessageID))
	}
	lines, err := q.SavedCartForEmail(ctx, *e.SavedCartID)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: cart of e-mail %s: %w", e.MessageID, err)
	}
	if len(lines) == 0 {
		return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: cart reminder %s: the cart is empty", e.MessageID))
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	key, err := contact.NewsletterKey(ctx, q)
	if err != nil {
		return mail.Message{}, err
	}
	site := mail.SiteURL(identity.PublicURL, sub.Language)
	c := mail.Cart{
		Language: sub.Language, CartURL: site + "/cart",
		UnsubscribeURL: contact.NewsletterLink(site, contact.NewsletterUnsubscribe,
			contact.NewsletterToken(key, contact.NewsletterUnsubscribe, sub.ID, sub.Email)),
	}
	for _, l := range lines {
		c.Lines = append(c.Lines, mail.CartLine{Name: lineName(l.Name, l.NamePt, sub.Language), Quantity: l.Quantity})
	}
	subject, html, text, err := mail.RenderCartReminder(c, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text}, nil
}

// TillTicketEmail records the e-mail carrying till sale saleID's ticket,
// in language, to the customer's address to and inserts its job in tx;
// each call is another e-mail (the customer may ask again).
func (m *MailQueue) TillTicketEmail(ctx context.Context, tx pgx.Tx, saleID int64, to, language string) error {
	id := fmt.Sprintf("<till-ticket-%d-%d@%s>", saleID, time.Now().UnixNano(), mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertTillTicketEmail(ctx, db.InsertTillTicketEmailParams{
			MessageID: id, OrderID: &saleID, Recipient: to, Language: &language,
		})
	})
}

// composeTillTicket renders the note carrying a till sale's ticket, with
// the ticket's PDF drawn now, as the till's PDF endpoint draws it.
func (w *mailWorker) composeTillTicket(ctx context.Context, e db.OutboundEmail) (mail.Message, error) {
	if e.OrderID == nil {
		return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: e-mail %s has no sale", e.MessageID))
	}
	lang := "es"
	if e.Language != nil {
		lang = *e.Language
	}
	t, err := till.DrawSaleTicket(ctx, w.pool, *e.OrderID, lang)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: ticket of e-mail %s: %w", e.MessageID, err)
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	subject, html, text, err := mail.RenderTillTicket(t.Number, lang, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text,
		Attachments: []mail.Attachment{{Name: t.FileName, ContentType: "application/pdf", Data: t.PDF}}}, nil
}

package contactapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/adminmessageapi"
	"github.com/sabores/sabores/backend/internal/api/contactapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/guard"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

type identity struct{}

func (identity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345678", Address: "Rúa 1, Burela",
		PublicURL: "https://sabores.test"}, nil
}

// bundle serves the storefront's calls (svc) and, over the same contact
// module, the back office's reads of what they stored (back).
type bundle struct {
	pool  *pgxpool.Pool
	svc   *contactapi.Handler
	back  *adminmessageapi.Handler
	pit   *mailtest.Server
	admin context.Context
}

// setup is the sample shop (its settings name the shop's e-mail), a real
// Mailpit and a River client sending through it, as shopd runs them.
func setup(t *testing.T) *bundle {
	t.Helper()
	pool := dbtest.NewSeeded(t)
	pit := mailtest.Start(t)
	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <hola@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{}, From: "hola@sabores.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	adminID := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "boss"})
	module := contact.New(pool, jobs.NewMailQueue(client, "hola@sabores.test"))
	return &bundle{
		pool: pool, pit: pit, svc: contactapi.New(module), back: adminmessageapi.New(module),
		admin: auth.WithPrincipal(context.Background(), auth.Principal{UserID: adminID, Email: "boss@example.com", Role: auth.RoleAdmin}),
	}
}

// waitMail waits for the n-th e-mail to arrive and returns the messages.
func (b *bundle) waitMail(t *testing.T, n int) []mailtest.Message {
	t.Helper()
	var msgs []mailtest.Message
	testwait.Until(t, 20*time.Second, "e-mails to arrive", func() bool {
		msgs = b.pit.Messages(t)
		return len(msgs) >= n
	})
	return msgs
}

func (b *bundle) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// links are the newsletter e-mail's links, on the page of the subscriber's
// language (Portuguese under /pt).
var links = regexp.MustCompile(`https://sabores\.test/pt/newsletter\?(confirmar|baja)=([0-9]+\.[A-Za-z0-9_-]+)`)

// TestNewsletterDoubleOptIn: a request stores the consent and e-mails a
// signed link; only following it subscribes; the unsubscribe link the
// e-mail carries ends it; links are good for their own action only; asking
// again when subscribed sends nothing and says nothing.
func TestNewsletterDoubleOptIn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	subscribe := func(email, version string) error {
		_, err := b.svc.SubscribeNewsletter(ctx, connect.NewRequest(&saboresv1.SubscribeNewsletterRequest{
			Email: email, Language: saboresv1.Language_LANGUAGE_PT, ConsentVersion: version}))
		return err
	}
	if err := subscribe("Ana@Example.com", "2020-01-01"); connecttest.Code(err) != connect.CodeFailedPrecondition {
		t.Fatalf("an outdated consent text: %v", err)
	}
	if err := subscribe("Ana@Example.com", contact.NewsletterConsentVersion); err != nil {
		t.Fatal(err)
	}
	if n := b.count(t, `SELECT count(*) FROM newsletter_subscriptions WHERE email = 'ana@example.com'
		AND consent_version = $1 AND requested_at > now() - interval '1 minute' AND confirmed_at IS NULL`, contact.NewsletterConsentVersion); n != 1 {
		t.Fatalf("%d pending subscriptions with their consent, want 1", n)
	}
	msgs := b.waitMail(t, 1)
	if msgs[0].To[0].Address != "ana@example.com" || !strings.HasPrefix(msgs[0].Subject, "Confirme a sua subscrição") {
		t.Fatalf("confirmation e-mail = %+v", msgs[0])
	}
	found := map[string]string{}
	for _, m := range links.FindAllStringSubmatch(b.pit.Text(t, msgs[0].ID), -1) {
		found[m[1]] = m[2]
	}
	confirm, leave := found["confirmar"], found["baja"]
	if confirm == "" || leave == "" {
		t.Fatalf("the e-mail lacks its links: %v", found)
	}

	for name, tok := range map[string]string{"the unsubscribe token": leave, "a changed token": changed(confirm), "garbage": "abc"} {
		_, err := b.svc.ConfirmNewsletter(ctx, connect.NewRequest(&saboresv1.ConfirmNewsletterRequest{Token: tok}))
		if code, reason := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || reason != "NEWSLETTER_LINK_INVALID" {
			t.Errorf("confirming with %s: %v %s", name, code, reason)
		}
	}
	res, err := b.svc.ConfirmNewsletter(ctx, connect.NewRequest(&saboresv1.ConfirmNewsletterRequest{Token: confirm}))
	if err != nil || res.Msg.GetEmail() != "ana@example.com" {
		t.Fatalf("confirm: %v, %v", res, err)
	}
	// Asking again once subscribed: the same answer, and no e-mail.
	if err := subscribe("ana@example.com", contact.NewsletterConsentVersion); err != nil {
		t.Fatal(err)
	}
	if n := b.count(t, `SELECT count(*) FROM outbound_emails WHERE kind = 'newsletter_confirm'`); n != 1 {
		t.Errorf("%d confirmation e-mails after asking twice, want 1", n)
	}
	if n := b.count(t, `SELECT count(*) FROM newsletter_subscriptions WHERE confirmed_at IS NOT NULL`); n != 1 {
		t.Errorf("%d confirmed", n)
	}

	if _, err := b.svc.UnsubscribeNewsletter(ctx, connect.NewRequest(&saboresv1.UnsubscribeNewsletterRequest{Token: leave})); err != nil {
		t.Fatal(err)
	}
	_, err = b.svc.ConfirmNewsletter(ctx, connect.NewRequest(&saboresv1.ConfirmNewsletterRequest{Token: confirm}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "NEWSLETTER_UNSUBSCRIBED" {
		t.Errorf("confirming an ended subscription: %v %s", code, reason)
	}

	list, err := b.back.ListNewsletterSubscriptions(b.admin, connect.NewRequest(&saboresv1.ListNewsletterSubscriptionsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	s := list.Msg.GetSubscriptions()
	if list.Msg.GetTotalSize() != 1 || s[0].GetEmail() != "ana@example.com" || s[0].GetConsentVersion() != contact.NewsletterConsentVersion ||
		s[0].GetRequestTime() == nil || s[0].GetConfirmTime() == nil || s[0].GetUnsubscribeTime() == nil || s[0].GetLanguage() != "pt" {
		t.Errorf("admin list = %v", list.Msg)
	}
	if n := b.count(t, `SELECT count(*) FROM audit_events WHERE action = 'newsletter.list' AND actor_user_id IS NOT NULL`); n != 1 {
		t.Errorf("%d audit rows for reading the subscribers, want 1", n)
	}
}

// TestContactMessageReachesTheShop: a message is kept, listed in the back
// office (audited) and e-mailed to the address of the shop settings, with
// the sender as the reply address.
func TestContactMessageReachesTheShop(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	settings, _, err := shopsettings.Read(ctx, db.New(b.pool))
	if err != nil || settings.Email == "" {
		t.Fatalf("the sample settings have no e-mail: %v", err)
	}
	res, err := b.svc.SendContactMessage(ctx, connect.NewRequest(&saboresv1.SendContactMessageRequest{
		Name: "João", Email: "joao@example.com", Subject: saboresv1.ContactSubject_CONTACT_SUBJECT_ORDER,
		Message: "Onde está a minha encomenda?\nObrigado.", Language: saboresv1.Language_LANGUAGE_PT,
	}))
	if err != nil {
		t.Fatal(err)
	}
	msgs := b.waitMail(t, 1)
	m := msgs[0]
	if m.To[0].Address != settings.Email || !strings.Contains(m.Subject, "Pedido") || len(m.ReplyTo) != 1 || m.ReplyTo[0].Address != "joao@example.com" {
		t.Errorf("e-mail to the shop = %+v (shop address %s)", m, settings.Email)
	}
	if text := b.pit.Text(t, m.ID); !strings.Contains(text, "Onde está a minha encomenda?") || !strings.Contains(text, "João") {
		t.Errorf("the e-mail lacks the message: %s", text)
	}
	list, err := b.back.ListContactMessages(b.admin, connect.NewRequest(&saboresv1.ListContactMessagesRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := list.Msg.GetMessages(); len(got) != 1 || got[0].GetId() != res.Msg.GetId() ||
		got[0].GetSubject() != saboresv1.ContactSubject_CONTACT_SUBJECT_ORDER || got[0].GetLanguage() != "pt" {
		t.Errorf("admin list = %v", list.Msg)
	}
	if n := b.count(t, `SELECT count(*) FROM audit_events WHERE action = 'contact.list'`); n != 1 {
		t.Errorf("%d audit rows for reading the messages, want 1", n)
	}
}

// TestContactIsRateLimited sends the form through the shop's interceptors:
// past the burst a guest is refused with ResourceExhausted, and the
// newsletter box has a budget of its own.
func TestContactIsRateLimited(t *testing.T) {
	t.Parallel()
	b := setup(t)
	mux := http.NewServeMux()
	interceptors := append([]connect.Interceptor{}, guard.ContactLimit(time.Hour, 2)...)
	interceptors = append(interceptors, apperr.Validate(), apperr.Interceptor())
	mux.Handle(saboresv1connect.NewContactServiceHandler(b.svc, connect.WithInterceptors(interceptors...)))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	client := saboresv1connect.NewContactServiceClient(srv.Client(), srv.URL)
	ctx := context.Background()
	send := func() error {
		_, err := client.SendContactMessage(ctx, connect.NewRequest(&saboresv1.SendContactMessageRequest{
			Name: "Spam", Email: "spam@example.com", Subject: saboresv1.ContactSubject_CONTACT_SUBJECT_OTHER, Message: "hola"}))
		return err
	}
	for i := range 2 {
		if err := send(); err != nil {
			t.Fatalf("message %d: %v", i+1, err)
		}
	}
	if err := send(); connecttest.Code(err) != connect.CodeResourceExhausted {
		t.Errorf("third message: %v, want ResourceExhausted", err)
	}
	if _, err := client.SubscribeNewsletter(ctx, connect.NewRequest(&saboresv1.SubscribeNewsletterRequest{
		Email: "ana@example.com", ConsentVersion: contact.NewsletterConsentVersion})); err != nil {
		t.Errorf("the newsletter shares the contact form's budget: %v", err)
	}
	if n := b.count(t, `SELECT count(*) FROM contact_messages`); n != 2 {
		t.Errorf("%d messages kept, want the 2 let through", n)
	}
}

// TestConsentVersionMatchesTheStorefront: the version the newsletter box
// sends (frontend/src/features/contact/subscribe.ts) is the one the server
// accepts, so the stored consent names the text the shopper saw.
func TestConsentVersionMatchesTheStorefront(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../../../frontend/src/features/contact/subscribe.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`newsletterConsentVersion = "([^"]+)"`).FindStringSubmatch(string(src))
	if m == nil || m[1] != contact.NewsletterConsentVersion {
		t.Errorf("the storefront sends consent version %v, the server accepts %q", m, contact.NewsletterConsentVersion)
	}
}

// changed swaps one character in the middle of a token's signature, where
// every bit counts.
func changed(tok string) string {
	i := strings.IndexByte(tok, '.') + 5
	swap := byte('A')
	if tok[i] == 'A' {
		swap = 'B'
	}
	return tok[:i] + string(swap) + tok[i+1:]
}

package jobs_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
)

const publicURL = "https://sabores.test"

type shopIdentity struct{}

func (shopIdentity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345678", PublicURL: publicURL}, nil
}

// newsletterShop is a shop with a Mailpit and a River client (not
// started) that sends through it.
func newsletterShop(t *testing.T) (*pgxpool.Pool, *mailtest.Server, *river.Client[pgx.Tx]) {
	t.Helper()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	pit := mailtest.Start(t)
	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <hola@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: shopIdentity{},
		From: "hola@sabores.test", RetryPolicy: quickRetry{},
	})
	if err != nil {
		t.Fatal(err)
	}
	return pool, pit, client
}

// subscriber inserts a subscription; confirmed and left say which dates it has.
func subscriber(t *testing.T, pool *pgxpool.Pool, email, lang string, confirmed, left bool) int64 {
	t.Helper()
	var id int64
	if err := pool.QueryRow(context.Background(), `INSERT INTO newsletter_subscriptions (email, language, consent_version, confirmed_at, unsubscribed_at)
		VALUES ($1, $2, 'v', CASE WHEN $3 THEN now() END, CASE WHEN $4 THEN now() END) RETURNING id`,
		email, lang, confirmed, left).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func messagesTo(t *testing.T, pit *mailtest.Server, addr string) []mailtest.Message {
	t.Helper()
	var out []mailtest.Message
	for _, m := range pit.Messages(t) {
		for _, to := range m.To {
			if to.Address == addr {
				out = append(out, m)
			}
		}
	}
	return out
}

// TestCampaignReachesConfirmedSubscribersOnce: a campaign goes to the
// confirmed, active subscribers only, each once in their language with
// the RFC 8058 headers, even when its jobs are queued again; a subscriber
// who leaves after the sending started but before their turn gets
// nothing; the one-click address unsubscribes on a POST without cookies
// and changes nothing on a GET.
func TestCampaignReachesConfirmedSubscribersOnce(t *testing.T) {
	pool, pit, client := newsletterShop(t)
	ctx := context.Background()
	admin := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "dueña", Email: "duena@sabores.test"})
	by := audit.Caller{Name: "duena@sabores.test", UserID: admin}
	queue := jobs.NewNewsletterQueue(client)
	module := contact.New(pool, nil).WithCampaigns(queue, 6000, shopIdentity{})

	ana := subscriber(t, pool, "ana@example.com", "es", true, false)
	joao := subscriber(t, pool, "joao@example.com", "pt", true, false)
	subscriber(t, pool, "pending@example.com", "es", false, false)
	subscriber(t, pool, "gone@example.com", "es", true, true)
	late := subscriber(t, pool, "late@example.com", "pt", true, false)

	c, err := module.SaveCampaign(ctx, by, 0, contact.CampaignText{
		SubjectES: "Novedades de diciembre", SubjectPT: "Novidades de dezembro",
		BodyES: "# Llegó el **açaí**\n\nMira [la tienda](https://sabores.test/todos).\n\n<script>alert(1)</script>",
		BodyPT: "Chegou o **açaí**.",
	})
	if err != nil {
		t.Fatal(err)
	}
	sent, n, err := module.SendCampaign(ctx, by, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 || sent.Status != "sending" {
		t.Fatalf("queued %d deliveries, status %q; want 3 (ana, joão, late), sending", n, sent.Status)
	}
	if _, _, err := module.SendCampaign(ctx, by, c.ID); err == nil {
		t.Fatal("a campaign was started twice")
	}
	// The pace: at 6 000 a minute, one every 10 ms.
	var gap time.Duration
	if err := pool.QueryRow(ctx, `SELECT max(scheduled_at) - min(scheduled_at) FROM newsletter_deliveries WHERE campaign_id = $1`, c.ID).Scan(&gap); err != nil {
		t.Fatal(err)
	}
	if gap != 20*time.Millisecond {
		t.Errorf("three deliveries spread over %v, want 20ms at 6 000 a minute", gap)
	}
	// late withdraws consent after the campaign started, before their turn.
	if _, err := pool.Exec(ctx, `UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE id = $1`, late); err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	jobstest.WaitSettled(t, pool, jobs.SendNewsletterArgs{}.Kind())

	// Queued again (a retried transaction) or run again (a retried job):
	// nothing is sent twice.
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return queue.QueueDeliveries(ctx, tx, c.ID, []contact.Delivery{{SubscriptionID: ana, At: time.Now()}})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Insert(ctx, jobs.SendNewsletterArgs{CampaignID: c.ID, SubscriptionID: joao}, nil); err != nil {
		t.Fatal(err)
	}
	jobstest.WaitSettled(t, pool, jobs.SendNewsletterArgs{}.Kind())

	for addr, want := range map[string]int{"ana@example.com": 1, "joao@example.com": 1, "pending@example.com": 0, "gone@example.com": 0, "late@example.com": 0} {
		if got := len(messagesTo(t, pit, addr)); got != want {
			t.Errorf("%s got %d e-mails, want %d", addr, got, want)
		}
	}
	var status string
	var queued, sentN, skipped int
	if err := pool.QueryRow(ctx, `SELECT c.status, count(*) FILTER (WHERE d.status = 'queued'), count(*) FILTER (WHERE d.status = 'sent'),
			count(*) FILTER (WHERE d.status = 'skipped')
		FROM newsletter_campaigns c JOIN newsletter_deliveries d ON d.campaign_id = c.id WHERE c.id = $1 GROUP BY c.status`, c.ID).
		Scan(&status, &queued, &sentN, &skipped); err != nil {
		t.Fatal(err)
	}
	if status != "sent" || queued != 0 || sentN != 2 || skipped != 1 {
		t.Errorf("campaign %s with %d queued, %d sent, %d skipped; want sent, 0, 2, 1", status, queued, sentN, skipped)
	}

	msgs := messagesTo(t, pit, "joao@example.com")
	if len(msgs) != 1 {
		t.FailNow()
	}
	if msgs[0].Subject != "Novidades de dezembro" {
		t.Errorf("João's subject %q, want the Portuguese one", msgs[0].Subject)
	}
	anaMsg := messagesTo(t, pit, "ana@example.com")[0]
	text := pit.Text(t, anaMsg.ID)
	if !strings.Contains(text, "la tienda (https://sabores.test/todos)") || !strings.Contains(text, "<script>alert(1)</script>") {
		t.Errorf("Ana's text part lacks the link or the words as typed:\n%s", text)
	}
	h := pit.Headers(t, anaMsg.ID)
	post := h["List-Unsubscribe-Post"]
	if len(post) != 1 || post[0] != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", post)
	}
	list := h["List-Unsubscribe"]
	if len(list) != 1 || !strings.HasPrefix(list[0], "<"+publicURL+contact.UnsubscribePath+"?token=") || !strings.HasSuffix(list[0], ">") {
		t.Fatalf("List-Unsubscribe %q", list)
	}
	if !strings.Contains(text, strings.Trim(list[0], "<>")) {
		t.Errorf("the body does not link the unsubscribe address %s", list[0])
	}

	// The address, on this shop: GET asks, POST without a cookie leaves.
	u, err := url.Parse(strings.Trim(list[0], "<>"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	for pattern, handler := range module.OneClickRoutes(publicURL) {
		mux.Handle(pattern, handler)
	}
	left := func() bool {
		s, err := db.New(pool).NewsletterGet(ctx, ana)
		if err != nil {
			t.Fatal(err)
		}
		return s.UnsubscribedAt != nil
	}
	get := httptest.NewRecorder()
	mux.ServeHTTP(get, httptest.NewRequest(http.MethodGet, u.RequestURI(), nil))
	if get.Code != http.StatusSeeOther || !strings.Contains(get.Header().Get("Location"), "/newsletter?baja=") || left() {
		t.Errorf("GET answered %d to %q and unsubscribed: %v; want 303 to the page that asks, still subscribed", get.Code, get.Header().Get("Location"), left())
	}
	req := httptest.NewRequest(http.MethodPost, u.RequestURI(), strings.NewReader("List-Unsubscribe=One-Click"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res := httptest.NewRecorder()
	mux.ServeHTTP(res, req)
	if res.Code != http.StatusOK || !left() {
		t.Errorf("one-click POST answered %d, unsubscribed: %v; want 200, unsubscribed", res.Code, left())
	}
	bad := httptest.NewRecorder()
	mux.ServeHTTP(bad, httptest.NewRequest(http.MethodPost, contact.UnsubscribePath+"?token="+url.QueryEscape(strings.Replace(u.Query().Get("token"), ".", ".x", 1)), nil))
	if bad.Code != http.StatusBadRequest {
		t.Errorf("a forged token answered %d, want 400", bad.Code)
	}
}

// TestCampaignTestGoesToTheOwner: the test send reaches the signed-in
// owner in both languages, marked, and no subscriber.
func TestCampaignTestGoesToTheOwner(t *testing.T) {
	pool, pit, client := newsletterShop(t)
	ctx := context.Background()
	admin := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "dueña", Email: "duena@sabores.test"})
	subscriber(t, pool, "ana@example.com", "es", true, false)
	module := contact.New(pool, nil).WithCampaigns(jobs.NewNewsletterQueue(client), 60, shopIdentity{})
	c, err := module.SaveCampaign(ctx, audit.Caller{UserID: admin}, 0, contact.CampaignText{SubjectES: "Hola", SubjectPT: "Olá", BodyES: "Texto", BodyPT: "Texto"})
	if err != nil {
		t.Fatal(err)
	}
	to, err := module.SendCampaignTest(ctx, audit.Caller{UserID: admin}, c.ID)
	if err != nil || to != "duena@sabores.test" {
		t.Fatalf("test sent to %q (%v)", to, err)
	}
	jobstest.Start(t, client)
	testwait.Until(t, 30*time.Second, "the two test e-mails", func() bool { return len(messagesTo(t, pit, to)) == 2 })
	jobstest.WaitSettled(t, pool, jobs.SendNewsletterTestArgs{}.Kind())
	if n := len(messagesTo(t, pit, "ana@example.com")); n != 0 {
		t.Errorf("a subscriber got %d e-mails from a test", n)
	}
	subjects := map[string]bool{}
	for _, m := range messagesTo(t, pit, to) {
		subjects[m.Subject] = true
	}
	if !subjects["[PRUEBA] Hola"] || !subjects["[TESTE] Olá"] {
		t.Errorf("test subjects %v", subjects)
	}
}

// TestBackInStockAlertOnce: a sold-out product takes requests; only the
// confirmed one is alerted, once, when stock comes back by a plain change
// of the stock (the ledger's trigger queues the work), and not again when
// the product sells out and comes back a second time.
func TestBackInStockAlertOnce(t *testing.T) {
	pool, pit, client := newsletterShop(t)
	ctx := context.Background()
	product := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí congelado", Stock: 0})
	if _, err := pool.Exec(ctx, `UPDATE products SET name_pt = 'Açaí congelado PT', published_at = now(), sold_online = true WHERE id = $1`, product); err != nil {
		t.Fatal(err)
	}
	mq := jobs.NewMailQueue(client, "hola@sabores.test")
	module := contact.New(pool, mq).WithBackInStock(mq, jobs.NewNewsletterQueue(client))
	for _, r := range []contact.BackInStockRequest{
		{ProductID: product, Email: "Rita@Example.com", Language: "pt", ConsentVersion: contact.BackInStockConsentVersion},
		{ProductID: product, Email: "nocomfirma@example.com", Language: "es", ConsentVersion: contact.BackInStockConsentVersion},
	} {
		if err := module.RequestBackInStock(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	jobstest.Start(t, client)
	testwait.Until(t, 30*time.Second, "the two confirmation requests", func() bool { return len(pit.Messages(t)) == 2 })
	rita := messagesTo(t, pit, "rita@example.com")
	if len(rita) != 1 || !strings.Contains(rita[0].Subject, "Confirme o aviso") {
		t.Fatalf("Rita's confirmation request: %+v", rita)
	}
	text := pit.Text(t, rita[0].ID)
	i := strings.Index(text, "aviso=")
	if i < 0 {
		t.Fatalf("no confirmation link in:\n%s", text)
	}
	token, err := url.QueryUnescape(strings.Fields(text[i+len("aviso="):])[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := module.ConfirmBackInStock(ctx, token+"x"); err == nil {
		t.Error("a forged token confirmed a request")
	}
	if email, err := module.ConfirmBackInStock(ctx, token); err != nil || email != "rita@example.com" {
		t.Fatalf("confirm: %q, %v", email, err)
	}

	alerts := func(addr string) int {
		n := 0
		for _, m := range messagesTo(t, pit, addr) {
			if strings.Contains(m.Subject, "disponível") || strings.Contains(m.Subject, "disponible") {
				n++
			}
		}
		return n
	}
	// Stock comes back by a console UPDATE: the ledger sees every path.
	for _, stock := range []int{4, 0, 6} {
		if _, err := pool.Exec(ctx, `UPDATE products SET stock = $2 WHERE id = $1`, product, stock); err != nil {
			t.Fatal(err)
		}
		if stock > 0 {
			testwait.Until(t, 30*time.Second, "the restock's pass", func() bool {
				var n int
				_ = pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'back_in_stock'`).Scan(&n)
				return n >= 1
			})
			jobstest.WaitSettled(t, pool, jobs.BackInStockArgs{}.Kind())
			jobstest.WaitSettled(t, pool, jobs.SendEmailArgs{}.Kind())
		}
	}
	if n := alerts("rita@example.com"); n != 1 {
		t.Errorf("Rita got %d alerts, want exactly 1", n)
	}
	if n := alerts("nocomfirma@example.com"); n != 0 {
		t.Errorf("an unconfirmed request got %d alerts", n)
	}
	var open int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM back_in_stock_requests WHERE email = 'rita@example.com' AND notified_at IS NULL`).Scan(&open); err != nil {
		t.Fatal(err)
	}
	if open != 0 {
		t.Error("Rita's request is still open after its alert")
	}
	// In stock now: no request is taken.
	if err := module.RequestBackInStock(ctx, contact.BackInStockRequest{ProductID: product, Email: "x@example.com", Language: "es",
		ConsentVersion: contact.BackInStockConsentVersion}); err == nil {
		t.Error("a product in stock took a back-in-stock request")
	}
}

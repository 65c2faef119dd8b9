package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
)

// ownerIdentity is the shop's identity with its address, the owner's.
type ownerIdentity struct{}

func (ownerIdentity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", Email: "dona@sabores.test", PublicURL: "https://sabores.test"}, nil
}

// TestOwnerGetsTheWeeksExpiryDigestOnceInHerLanguage: on a fixed Monday
// (2027-03-15, 08:00 in Madrid) the digest job e-mails the shop's address,
// in the language the owner chose in the lots' rules (Portuguese), the
// lot dated within her 20 days and not the one dated later; run again
// the same week it sends nothing more; a week without lots sends none.
func TestOwnerGetsTheWeeksExpiryDigestOnceInHerLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	pit := mailtest.Start(t)
	now := time.Date(2027, 3, 15, 7, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	svc := lots.New(pool, clock)

	product := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Queso de tetilla", Stock: 10})
	for _, sql := range []string{
		`INSERT INTO lots (product_id, code, expires_on, date_type) VALUES ($1, 'SOON', '2027-03-25', 'best_before'), ($1, 'LATER', '2027-06-01', 'best_before')`,
		`UPDATE lots SET remaining = CASE code WHEN 'SOON' THEN 4 WHEN 'LATER' THEN 6 ELSE 0 END WHERE product_id = $1`,
	} {
		if _, err := pool.Exec(ctx, sql, product); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.SetRules(ctx, audit.Caller{Name: "test"}, lots.Rules{DeliveryDays: 2, MarginDays: 2, DigestDays: 20, DigestLanguage: "pt"}); err != nil {
		t.Fatal(err)
	}

	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <tienda@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: ownerIdentity{}, From: "tienda@sabores.test",
		Now: clock, Lots: svc,
	})
	if err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	for range 2 {
		if _, err := client.Insert(ctx, jobs.LotDigestArgs{}, nil); err != nil {
			t.Fatal(err)
		}
		jobstest.WaitSettled(t, pool, "lot_expiry_digest")
	}
	jobstest.WaitSettled(t, pool, "send_email")
	msgs := pit.Messages(t)
	if len(msgs) != 1 || msgs[0].To[0].Address != "dona@sabores.test" {
		t.Fatalf("e-mails %+v, want one to dona@sabores.test: one a week", msgs)
	}
	if want := "1 lote expira nos próximos 20 dias — Sabores"; msgs[0].Subject != want {
		t.Errorf("subject %q, want %q (Portuguese, the owner's choice)", msgs[0].Subject, want)
	}
	text := pit.Text(t, msgs[0].ID)
	for _, want := range []string{"Queso de tetilla", "Lote SOON", "25/03/2027", "À venda: 4", "https://sabores.test/admin/lots", "04/04/2027"} {
		if !strings.Contains(text, want) {
			t.Errorf("the digest does not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "LATER") {
		t.Errorf("the digest lists the lot dated after its 20 days:\n%s", text)
	}
	var rows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM outbound_emails WHERE kind = 'lot_expiry_digest' AND message_id LIKE '<lot-expiry-digest-2027-W11@%'`).Scan(&rows); err != nil || rows != 1 {
		t.Errorf("%d digest rows for week 2027-W11 (%v), want 1", rows, err)
	}

	// The next week, with the lot sold out, there is nothing to say.
	if _, err := pool.Exec(ctx, `UPDATE products SET stock = 6 WHERE id = $1`, product); err != nil {
		t.Fatal(err)
	}
	next := lots.New(pool, func() time.Time { return now.AddDate(0, 0, 7) })
	if n, err := next.QueueExpiryDigest(ctx, jobs.NewMailQueue(client, "tienda@sabores.test"), "dona@sabores.test"); err != nil || n != 0 {
		t.Errorf("a week with no lot within 20 days: %d lots digested (%v), want none and no e-mail", n, err)
	}
}

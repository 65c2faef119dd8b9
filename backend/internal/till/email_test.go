package till_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/till"
)

type identity struct{}

func (identity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345674", Address: "Rúa do Porto 1, Burela",
		PublicURL: "https://sabores.test"}, nil
}

// TestEmailTicket: a sale's ticket e-mailed to the customer reaches the
// SMTP server (a real Mailpit) in the ticket's language with its PDF
// attached, drawn by the worker, and the sending is audited; a bad address
// or an unknown sale queues nothing.
func TestEmailTicket(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	pit := mailtest.Start(t)
	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <hola@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(s.pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{}, From: "hola@sabores.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	tills := s.till.WithMailer(jobs.NewMailQueue(client, "hola@sabores.test"))
	sale, err := tills.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1001, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Cash, Amount: 250, Given: 500}}})
	if err != nil {
		t.Fatal(err)
	}

	for _, bad := range []string{"", "ana", "ana@", "Ana <ana@example.com>", "ana@example.com, luis@example.com"} {
		refusedWith(t, tills.EmailTicket(ctx, s.seller, sale.OrderID, bad, "es"), till.ReasonEmailInvalid)
	}
	refusedWith(t, tills.EmailTicket(ctx, s.seller, 999999, "ana@example.com", "es"), till.ReasonSaleUnknown)
	if n := s.text(t, `SELECT count(*)::text FROM outbound_emails WHERE kind = 'till_ticket'`); n != "0" {
		t.Fatalf("refused sendings queued %s e-mails", n)
	}

	if err := tills.EmailTicket(ctx, s.seller, sale.OrderID, " ana@example.com ", "pt"); err != nil {
		t.Fatal(err)
	}
	var msgs []mailtest.Message
	testwait.Until(t, 20*time.Second, "the ticket e-mail to arrive", func() bool {
		msgs = pit.Messages(t)
		return len(msgs) >= 1
	})
	m := msgs[0]
	if m.To[0].Address != "ana@example.com" || m.Subject != "O seu talão "+sale.Invoice.SeriesNumber+" — Sabores" {
		t.Fatalf("ticket e-mail = %+v", m)
	}
	if text := pit.Text(t, m.ID); !strings.Contains(text, "talão "+sale.Invoice.SeriesNumber) {
		t.Errorf("the e-mail's text does not name the ticket:\n%s", text)
	}
	att := pit.Attachments(t, m.ID)
	if len(att) != 1 || att[0].ContentType != "application/pdf" || att[0].FileName != "ticket-"+sale.Invoice.SeriesNumber+".pdf" ||
		!strings.HasPrefix(string(att[0].Data), "%PDF-") {
		t.Fatalf("attachments = %d, want the ticket's PDF", len(att))
	}
	if got := s.text(t, `SELECT actor || ' ' || entity || ' ' || (new_value->>'to') || ' ' || (new_value->>'language')
		FROM audit_events WHERE action = 'till.ticket_emailed'`); got != "caja@sabores.es order:"+strconv.FormatInt(sale.OrderID, 10)+" ana@example.com pt" {
		t.Errorf("audit row = %q", got)
	}
}

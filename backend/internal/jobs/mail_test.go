package jobs_test

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/faultproxy"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// quickRetry retries failed jobs after 300 ms instead of River's minutes.
type quickRetry struct{}

func (quickRetry) NextRetry(*rivertype.JobRow) time.Time {
	return time.Now().Add(300 * time.Millisecond)
}

type identity struct{}

func (identity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345678", IBAN: "ES91 2100 0418 4502 0005 1332",
		Beneficiary: "Sabores S.L.", TermsURL: "https://sabores.test/terms", WithdrawalURL: "https://sabores.test/withdrawal"}, nil
}

// TestEmailsArriveOnceAfterSMTPOutage places orders while the SMTP server
// is unreachable: each order's e-mail is queued with it, retried while the
// server is down, and once it is back every e-mail arrives exactly once; a
// checkout that fails sends nothing.
func TestEmailsArriveOnceAfterSMTPOutage(t *testing.T) {
	b := setup(t)
	pit := mailtest.Start(t)
	link, err := faultproxy.Listen(net.JoinHostPort(pit.SMTPHost, strconv.Itoa(pit.SMTPPort)), faultproxy.Down)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = link.Close() })
	host, port, _ := net.SplitHostPort(link.Addr())
	portNum, _ := strconv.Atoi(port)
	sender, err := mail.NewSender(mail.Settings{Host: host, Port: portNum, TLS: "none", From: "Sabores <pedidos@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(b.pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{},
		From: "pedidos@sabores.test", RetryPolicy: quickRetry{},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Five orders of one shopper: the e-mails are the point, not the
	// limits on what one shopper may hold unpaid.
	b.orders.WithMailer(jobs.NewMailQueue(client, "pedidos@sabores.test")).
		WithLimits(order.Limits{MaxUnitsPerLine: 24, MaxUnpaidOrders: 100, TransferSharePercent: 100})
	jobstest.Start(t, client)

	var ids []int64
	for i := range 5 {
		method := saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY
		if i == 0 {
			method = saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER
		}
		req := connect.NewRequest(&saboresv1.PlaceOrderRequest{
			IdempotencyKey: uuid.NewString(),
			Lines:          []*saboresv1.CartLineInput{{ProductId: 1, Quantity: 1}},
			Delivery: &saboresv1.DeliveryInput{Name: "María", Email: fmt.Sprintf("maria%d@example.com", i), Phone: "+34 600 000 000",
				Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
			PaymentMethod: method,
		})
		if i == 1 {
			req.Header().Set("Accept-Language", "pt-PT,pt;q=0.9,es;q=0.8")
		}
		res, err := orderapi.New(b.orders).PlaceOrder(b.shopper, req)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.Msg.GetOrder().GetId())
	}
	if _, err := orderapi.New(b.orders).CancelMyOrder(b.shopper, connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: ids[0], Reason: "me equivoqué"})); err != nil {
		t.Fatal(err)
	}
	// A checkout rolled back (not enough stock) queues nothing.
	if _, err := orderapi.New(b.orders).PlaceOrder(b.shopper, connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(), Lines: []*saboresv1.CartLineInput{{ProductId: 1, Quantity: 20}},
		Delivery: &saboresv1.DeliveryInput{Name: "María", Email: "late@example.com", Phone: "+34 600 000 000",
			Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
	})); err == nil {
		t.Fatal("an order of 20 of 10 units was placed")
	}

	// SMTP down: attempts fail and are recorded, nothing arrives.
	deadline := time.Now().Add(20 * time.Second)
	for {
		var failing int
		if err := b.pool.QueryRow(context.Background(),
			`SELECT count(*) FROM outbound_emails WHERE sent_at IS NULL AND attempts >= 2 AND last_error <> ''`).Scan(&failing); err != nil {
			t.Fatal(err)
		}
		if failing == 6 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of 6 e-mails retried while SMTP was down", failing)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := len(pit.Messages(t)); n != 0 {
		t.Fatalf("%d e-mails arrived through a link that is down", n)
	}

	link.Set(faultproxy.Up)
	deadline = time.Now().Add(30 * time.Second)
	for len(pit.Messages(t)) < 6 {
		if time.Now().After(deadline) {
			t.Fatalf("%d of 6 e-mails arrived 30 s after SMTP came back", len(pit.Messages(t)))
		}
		time.Sleep(100 * time.Millisecond)
	}
	jobstest.WaitSettled(t, b.pool, jobs.SendEmailArgs{}.Kind())
	msgs := pit.Messages(t)
	seen := map[string]bool{}
	var subjects []string
	for _, m := range msgs {
		if seen[m.MessageID] {
			t.Errorf("message %s arrived twice", m.MessageID)
		}
		seen[m.MessageID] = true
		subjects = append(subjects, m.Subject)
	}
	if len(msgs) != 6 {
		t.Errorf("%d e-mails arrived, want 6: %q", len(msgs), subjects)
	}
	want := []string{
		fmt.Sprintf("order-%d-order_received@sabores.test", ids[0]),
		fmt.Sprintf("order-%d-cancelled@sabores.test", ids[0]),
		fmt.Sprintf("order-%d-order_received@sabores.test", ids[4]),
	}
	for _, id := range want {
		if !seen[id] {
			t.Errorf("message %s did not arrive (got %v)", id, seen)
		}
	}
	joined := strings.Join(subjects, "\n")
	if !strings.Contains(joined, fmt.Sprintf("Recebemos a sua encomenda #%d", ids[1])) ||
		!strings.Contains(joined, fmt.Sprintf("Pedido #%d cancelado", ids[0])) {
		t.Errorf("subjects: %q", subjects)
	}
	for _, m := range msgs {
		if m.MessageID == want[0] {
			if text := pit.Text(t, m.ID); !strings.Contains(text, "ES91 2100 0418 4502 0005 1332") {
				t.Errorf("the transfer order's e-mail has no IBAN:\n%s", text)
			}
		}
	}
	var unsent int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbound_emails WHERE sent_at IS NULL`).Scan(&unsent); err != nil {
		t.Fatal(err)
	}
	if unsent != 0 {
		t.Errorf("%d e-mails not marked sent", unsent)
	}
}

// TestEmailOfADeletedAccountIsNotSent: an order e-mail still queued when its
// shopper deletes the account has lost its address, and its job ends
// without sending anything.
func TestEmailOfADeletedAccountIsNotSent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	pit := mailtest.Start(t)
	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <pedidos@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(b.pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{}, From: "pedidos@sabores.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	b.orders.WithMailer(jobs.NewMailQueue(client, "pedidos@sabores.test"))
	if _, err := orderapi.New(b.orders).PlaceOrder(b.shopper, connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(), Lines: []*saboresv1.CartLineInput{{ProductId: 1, Quantity: 1}},
		Delivery: &saboresv1.DeliveryInput{Name: "María", Email: "maria.gone@example.com", Phone: "+34 600 000 000",
			Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
	})); err != nil {
		t.Fatal(err)
	}
	if _, err := account.New(b.pool).Delete(b.shopper); err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	testwait.Until(t, 20*time.Second, "the e-mail job cancelled", func() bool {
		var state string
		_ = b.pool.QueryRow(context.Background(), `SELECT state FROM river_job WHERE kind = 'send_email'`).Scan(&state)
		return state == "cancelled"
	})
	if n := len(pit.Messages(t)); n != 0 {
		t.Errorf("%d e-mails sent for a deleted account, want 0", n)
	}
}

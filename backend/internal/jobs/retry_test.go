package jobs_test

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/api/adminemailapi"
	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/faultproxy"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// slowRetry leaves a failed e-mail waiting an hour: only the back office's
// retry sends it sooner.
type slowRetry struct{}

func (slowRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(time.Hour) }

// failingDesk is a shop whose SMTP link starts down, its River client
// retrying failed e-mails only after an hour, and the back office reading
// them as an admin.
type failingDesk struct {
	*bundle
	pit     *mailtest.Server
	link    *faultproxy.Proxy
	desk    *adminemailapi.Handler
	asAdmin context.Context
	adminID int64
}

func newFailingDesk(t *testing.T) failingDesk {
	t.Helper()
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
		From: "pedidos@sabores.test", RetryPolicy: slowRetry{},
	})
	if err != nil {
		t.Fatal(err)
	}
	queue := jobs.NewMailQueue(client, "pedidos@sabores.test")
	b.orders.WithMailer(queue)
	jobstest.Start(t, client)
	adminID := dbtest.Admin(t, b.pool, "Sabores", dbtest.PersonOpts{Subject: "admin", Email: "admin@sabores.es"})
	d := adminemailapi.New(b.pool, queue)
	ctx := auth.WithPrincipal(context.Background(), auth.Principal{UserID: adminID, Email: "admin@sabores.es", Role: auth.RoleAdmin})
	return failingDesk{bundle: b, pit: pit, link: link, desk: d, asAdmin: ctx, adminID: adminID}
}

// placeAndFail places a cash order and waits until its e-mail failed and
// waits for its next attempt.
func (f failingDesk) placeAndFail(t *testing.T) *saboresv1.FailedEmail {
	t.Helper()
	res, err := orderapi.New(f.orders).PlaceOrder(f.shopper, connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(),
		Lines:          []*saboresv1.CartLineInput{{ProductId: 1, Quantity: 1}},
		Delivery: &saboresv1.DeliveryInput{Name: "María", Email: "maria@example.com", Phone: "+34 600 000 000",
			Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
	}))
	if err != nil {
		t.Fatal(err)
	}
	orderID := res.Msg.GetOrder().GetId()
	// The failure is recorded while the job still runs; then it waits.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		list, err := f.desk.ListFailedEmails(f.asAdmin, connect.NewRequest(&saboresv1.ListFailedEmailsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range list.Msg.GetEmails() {
			if e.OrderId == orderID && e.State == saboresv1.EmailState_EMAIL_STATE_RETRYING {
				return e
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the e-mail's failure was not listed within 20 s")
		}
	}
}

// waitSent waits until the SMTP server accepted the message.
func (f failingDesk) waitSent(t *testing.T, id string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var sent bool
		if err := f.pool.QueryRow(context.Background(),
			`SELECT sent_at IS NOT NULL FROM outbound_emails WHERE message_id = $1`, id).Scan(&sent); err != nil {
			t.Fatal(err)
		}
		if sent {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("e-mail %s not sent within 20 s", id)
		}
	}
}

// TestFailedEmailShownAndRetriedOnce fails an e-mail while SMTP is down: the
// back office lists it with its error and next attempt; its retry, once
// SMTP is back, sends it at once and exactly once, audited; a second retry
// is refused, never a second copy.
func TestFailedEmailShownAndRetriedOnce(t *testing.T) {
	f := newFailingDesk(t)
	e := f.placeAndFail(t)
	if e.Kind != "order_received" || e.Recipient != "maria@example.com" || e.Attempts != 1 || e.LastError == "" ||
		e.NextAttemptTime.AsTime().Before(time.Now().Add(50*time.Minute)) {
		t.Fatalf("failed e-mail: %v", e)
	}

	f.link.Set(faultproxy.Up)
	retried, err := f.desk.RetryEmail(f.asAdmin, connect.NewRequest(&saboresv1.RetryEmailRequest{MessageId: e.MessageId}))
	if err != nil {
		t.Fatal(err)
	}
	if s := retried.Msg.GetEmail().GetState(); s != saboresv1.EmailState_EMAIL_STATE_RETRYING && s != saboresv1.EmailState_EMAIL_STATE_SENDING {
		t.Errorf("retried e-mail state %v", s)
	}
	f.waitSent(t, e.MessageId)
	_, err = f.desk.RetryEmail(f.asAdmin, connect.NewRequest(&saboresv1.RetryEmailRequest{MessageId: e.MessageId}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != mail.ReasonAlreadySent {
		t.Errorf("retrying a sent e-mail: %v %q, want FailedPrecondition %s", code, reason, mail.ReasonAlreadySent)
	}
	jobstest.WaitSettled(t, f.pool, jobs.SendEmailArgs{}.Kind())
	if msgs := f.pit.Messages(t); len(msgs) != 1 || "<"+msgs[0].MessageID+">" != e.MessageId {
		t.Errorf("caught %v, want the one e-mail once", msgs)
	}
	list, err := f.desk.ListFailedEmails(f.asAdmin, connect.NewRequest(&saboresv1.ListFailedEmailsRequest{}))
	if err != nil || len(list.Msg.GetEmails()) != 0 {
		t.Errorf("failed e-mails after the retry: %v, %v", list, err)
	}
	var audits int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_events
		WHERE action = 'email.retry' AND entity = $1 AND actor_user_id = $2`, "email:"+e.MessageId, f.adminID).Scan(&audits); err != nil {
		t.Fatal(err)
	}
	if audits != 1 {
		t.Errorf("%d audit events of the retry, want 1", audits)
	}
}

// TestRetryEmailWhoseJobIsGone: River deletes finished jobs after a while
// (a discarded one after days). The e-mail shows as given up, and a retry
// queues a new job that sends it, once.
func TestRetryEmailWhoseJobIsGone(t *testing.T) {
	f := newFailingDesk(t)
	e := f.placeAndFail(t)
	if _, err := f.pool.Exec(context.Background(), `DELETE FROM river_job WHERE kind = 'send_email'`); err != nil {
		t.Fatal(err)
	}
	list, err := f.desk.ListFailedEmails(f.asAdmin, connect.NewRequest(&saboresv1.ListFailedEmailsRequest{}))
	if err != nil || len(list.Msg.GetEmails()) != 1 || list.Msg.GetEmails()[0].GetState() != saboresv1.EmailState_EMAIL_STATE_GAVE_UP ||
		list.Msg.GetEmails()[0].GetNextAttemptTime() != nil {
		t.Fatalf("an e-mail without a job: %v, %v", list, err)
	}
	f.link.Set(faultproxy.Up)
	if _, err := f.desk.RetryEmail(f.asAdmin, connect.NewRequest(&saboresv1.RetryEmailRequest{MessageId: e.MessageId})); err != nil {
		t.Fatal(err)
	}
	f.waitSent(t, e.MessageId)
	jobstest.WaitSettled(t, f.pool, jobs.SendEmailArgs{}.Kind())
	if msgs := f.pit.Messages(t); len(msgs) != 1 {
		t.Errorf("caught %d messages, want 1", len(msgs))
	}
}

package withdrawalapi_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/api/adminwithdrawalapi"
	"github.com/sabores/sabores/backend/internal/api/withdrawalapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

var issuer = invoice.StaticIssuer{Name: "Sabores S.L.", NIF: "B12345674", Address: "Calle Mayor 1, 28013 Madrid"}

type identity struct{}

func (identity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345674", Address: "Calle Mayor 1, 28013 Madrid",
		PublicURL: "https://sabores.test", TermsURL: "https://sabores.test/terms", WithdrawalURL: "https://sabores.test/return-policy"}, nil
}

type bundle struct {
	pool *pgxpool.Pool
	mod  *withdrawal.Service
	svc  *withdrawalapi.Handler
	// back is the back office's handler over the same module.
	back   *adminwithdrawalapi.Handler
	links  *withdrawal.Links
	now    time.Time
	pit    *mailtest.Server
	client *river.Client[pgx.Tx]
	// ambient, frozen and sealed are products: guaraná, açaí, a perfume.
	ambient, frozen, sealed int64
}

// setup starts the service with real e-mails (Mailpit through River) and
// three products, ten of each on the shelf.
func setup(t *testing.T, withMail bool) *bundle {
	t.Helper()
	pool := dbtest.New(t)
	q := db.New(pool)
	b := &bundle{pool: pool, now: time.Now()}
	var err error
	if b.links, err = withdrawal.NewLinks(context.Background(), q, ""); err != nil {
		t.Fatal(err)
	}
	b.mod = withdrawal.New(pool, b.links, invoice.Invoicer{Issuer: issuer}).WithClock(func() time.Time { return b.now })
	b.svc, b.back = withdrawalapi.New(b.mod), adminwithdrawalapi.New(b.mod)
	b.ambient = dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Guaraná", PriceCents: 250, Stock: 10})
	b.frozen = dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", PriceCents: 800, Stock: 10})
	b.sealed = dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Perfume", PriceCents: 1000, VATBasisPoints: 2100, Stock: 10})
	exec(t, pool, `UPDATE products SET frozen = true, perishable = true WHERE id = $1`, b.frozen)
	exec(t, pool, `UPDATE products SET sealed_hygiene = true, is_food = false WHERE id = $1`, b.sealed)
	if withMail {
		b.pit = mailtest.Start(t)
		sender, err := mail.NewSender(mail.Settings{Host: b.pit.SMTPHost, Port: b.pit.SMTPPort, TLS: "none", From: "Sabores <pedidos@sabores.test>"})
		if err != nil {
			t.Fatal(err)
		}
		client, err := jobs.NewClient(pool, jobs.Options{
			PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{},
			From: "pedidos@sabores.test", Links: b.links,
		})
		if err != nil {
			t.Fatal(err)
		}
		b.client = client
		b.mod.WithMailer(jobs.NewMailQueue(client, "pedidos@sabores.test"))
		jobstest.Start(t, client)
	}
	return b
}

func exec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func (b *bundle) shopper(t *testing.T, name string) (context.Context, int64) {
	t.Helper()
	id := dbtest.Shopper(t, b.pool, dbtest.PersonOpts{Subject: name, Name: name})
	return auth.WithPrincipal(context.Background(), auth.Principal{UserID: id, Email: name + "@example.com", Name: name, Role: auth.RoleClient}), id
}

func admin() context.Context {
	return auth.WithPrincipal(context.Background(), auth.Principal{Email: "admin@sabores.test", Role: auth.RoleAdmin})
}

// order sells the shopper 3 guaranás, 1 açaí and 2 perfumes (lines 1-3),
// paid with method, in state status; a delivered order was delivered at
// deliveredAt.
func (b *bundle) order(t *testing.T, userID int64, method, status string, deliveredAt time.Time) int64 {
	t.Helper()
	id := dbtest.SoldOrder(t, b.pool, dbtest.SoldOrderOpts{UserID: userID, Lines: []dbtest.SoldLine{
		{ProductID: b.ambient, Name: "Guaraná", Quantity: 3, UnitPriceCents: 250, VATBasisPoints: 1000},
		{ProductID: b.frozen, Name: "Açaí", Quantity: 1, UnitPriceCents: 800, VATBasisPoints: 1000},
		{ProductID: b.sealed, Name: "Perfume", Quantity: 2, UnitPriceCents: 1000, VATBasisPoints: 2100},
	}})
	exec(t, b.pool, `UPDATE orders SET payment_method = $2, status = $3 WHERE id = $1`, id, method, status)
	exec(t, b.pool, `UPDATE products SET stock = stock - CASE id WHEN $1 THEN 3 WHEN $2 THEN 1 ELSE 2 END WHERE id IN ($1, $2, $3)`,
		b.ambient, b.frozen, b.sealed)
	if status == "delivered" {
		exec(t, b.pool, `INSERT INTO order_events (order_id, machine, from_state, to_state, actor, created_at)
			VALUES ($1, 'fulfilment', 'shipped', 'delivered', 'admin', $2)`, id, deliveredAt)
	}
	return id
}

func (b *bundle) stock(t *testing.T, product int64) int32 {
	t.Helper()
	var n int32
	if err := b.pool.QueryRow(context.Background(), `SELECT stock FROM products WHERE id = $1`, product).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func lines(l ...int32) []*saboresv1.WithdrawalLineInput {
	var out []*saboresv1.WithdrawalLineInput
	for i := 0; i+1 < len(l); i += 2 {
		out = append(out, &saboresv1.WithdrawalLineInput{LineNo: l[i], Quantity: l[i+1]})
	}
	return out
}

func wantReason(t *testing.T, err error, code connect.Code, reason string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %v %s", code, reason)
	}
	if c, r := connecttest.Detail(t, err); c != code || r != reason {
		t.Fatalf("got %v %s (%v), want %v %s", c, r, err, code, reason)
	}
}

// TestWithdrawReceiveRefund follows a withdrawal of a delivered
// cash-on-delivery order: the perishable line is explained as exempt and
// refused, quantities are capped, the sealed perfume is accepted and then
// rejected when it comes back opened, the guaranás go back on the shelf
// through the ledger, the bank refund needs its reference, the order
// becomes partially refunded with a corrective invoice for exactly the
// returned units, every step is audited and e-mailed.
func TestWithdrawReceiveRefund(t *testing.T) {
	b := setup(t, true)
	ctx, userID := b.shopper(t, "maria")
	other, _ := b.shopper(t, "ines")
	orderID := b.order(t, userID, "cash", "delivered", b.now.Add(-48*time.Hour))

	opts, err := b.svc.GetMyWithdrawalOptions(ctx, connect.NewRequest(&saboresv1.GetMyWithdrawalOptionsRequest{OrderId: orderID}))
	if err != nil {
		t.Fatal(err)
	}
	o := opts.Msg.GetOptions()
	if !o.GetOpen() || o.GetCancelsOrder() || o.GetDeadline() == nil || !o.GetDeadline().AsTime().After(b.now.Add(11*24*time.Hour)) {
		t.Fatalf("options = %v", o)
	}
	if l := o.GetLines()[1]; l.GetExemption() != saboresv1.WithdrawalExemption_WITHDRAWAL_EXEMPTION_PERISHABLE || l.GetAvailable() != 0 {
		t.Fatalf("frozen line = %v, want exempt", l)
	}
	if l := o.GetLines()[2]; !l.GetSealedHygiene() || l.GetAvailable() != 2 {
		t.Fatalf("sealed line = %v", l)
	}
	_, err = b.svc.GetMyWithdrawalOptions(other, connect.NewRequest(&saboresv1.GetMyWithdrawalOptionsRequest{OrderId: orderID}))
	if connecttest.Code(err) != connect.CodeNotFound {
		t.Fatalf("another shopper's order: %v", err)
	}
	_, err = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(2, 1)}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalLineExempt)
	_, err = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 4)}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalQuantity)

	res, err := b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 2, 3, 2)}))
	if err != nil {
		t.Fatal(err)
	}
	w := res.Msg.GetWithdrawal()
	if w.GetStatus() != saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REQUESTED || w.GetRequestTime() == nil || len(w.GetLines()) != 2 {
		t.Fatalf("withdrawal = %v", w)
	}
	// What is left: one guaraná, no perfume.
	_, err = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 2)}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalQuantity)
	_, err = b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: w.GetId(), BankReference: "x"}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalNotReceived)

	_, err = b.back.ReceiveWithdrawal(admin(), connect.NewRequest(&saboresv1.ReceiveWithdrawalRequest{
		Id: w.GetId(), Rejected: []*saboresv1.RejectedLine{{LineNo: 1, Reason: "abierto"}},
	}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalRejectNotHyg)
	rec, err := b.back.ReceiveWithdrawal(admin(), connect.NewRequest(&saboresv1.ReceiveWithdrawalRequest{
		Id: w.GetId(), Rejected: []*saboresv1.RejectedLine{{LineNo: 3, Reason: "Precinto roto"}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Msg.GetWithdrawal(); got.GetStatus() != saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_RECEIVED || got.GetRefundCents() != 500 {
		t.Fatalf("received = %v, want received with 5 € to refund", got)
	}
	if b.stock(t, b.ambient) != 9 || b.stock(t, b.sealed) != 8 {
		t.Fatalf("stock = %d guaraná, %d perfume; want 9 and 8 (opened perfume not back)", b.stock(t, b.ambient), b.stock(t, b.sealed))
	}
	var returns int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM stock_movements
		WHERE order_id = $1 AND kind = 'adjustment' AND reason = 'return' AND delta = 2`, orderID).Scan(&returns); err != nil || returns != 1 {
		t.Fatalf("ledger return rows = %d (%v), want 1", returns, err)
	}

	_, err = b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: w.GetId()}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalBankReference)
	ref, err := b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: w.GetId(), BankReference: "TRF-2026-001"}))
	if err != nil {
		t.Fatal(err)
	}
	if got := ref.Msg.GetWithdrawal(); got.GetStatus() != saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REFUNDED ||
		got.GetRefundCents() != 500 || got.GetRefundMethod() != withdrawal.RefundBankTransfer || got.GetRefundReference() != "TRF-2026-001" {
		t.Fatalf("refunded = %v", got)
	}
	_, err = b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: w.GetId(), BankReference: "again"}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalNotReceived)

	var pay string
	var corrective, correctedUnits int
	if err := b.pool.QueryRow(context.Background(), `SELECT payment_status FROM orders WHERE id = $1`, orderID).Scan(&pay); err != nil || pay != "partially_refunded" {
		t.Fatalf("payment = %s (%v), want partially_refunded", pay, err)
	}
	if err := b.pool.QueryRow(context.Background(), `SELECT count(DISTINCT i.id), coalesce(sum(l.quantity), 0) FROM invoices i
		JOIN invoice_lines l ON l.invoice_id = i.id WHERE i.order_id = $1 AND i.kind = 'corrective'`, orderID).Scan(&corrective, &correctedUnits); err != nil {
		t.Fatal(err)
	}
	if corrective != 1 || correctedUnits != -2 {
		t.Fatalf("corrective invoices = %d correcting %d units; want 1 correcting -2", corrective, correctedUnits)
	}
	var audits int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_events WHERE entity = $1`,
		"withdrawal:"+strconv.FormatInt(w.GetId(), 10)).Scan(&audits); err != nil || audits != 2 {
		t.Fatalf("audit events = %d (%v), want 2", audits, err)
	}

	testwait.Until(t, 20*time.Second, "three withdrawal e-mails", func() bool { return len(b.pit.Messages(t)) == 3 })
	var ack string
	for _, m := range b.pit.Messages(t) {
		if strings.HasPrefix(m.Subject, "Desistimiento recibido") {
			ack = b.pit.Text(t, m.ID)
		}
	}
	if !strings.Contains(ack, "Recibido el: ") || !strings.Contains(ack, "Guaraná × 2") || !strings.Contains(ack, "sin abrir") {
		t.Fatalf("acknowledgement text:\n%s", ack)
	}
}

// TestWithdrawBeforeShipping cancels the order through the cancel path:
// the stock comes back once, an unpaid order's withdrawal has nothing to
// refund, a paid one's is received at once and refunded in full.
func TestWithdrawBeforeShipping(t *testing.T) {
	t.Parallel()
	b := setup(t, false)
	ctx, userID := b.shopper(t, "ana")
	unpaid := b.order(t, userID, "cash", "placed", time.Time{})
	exec(t, b.pool, `UPDATE orders SET payment_status = 'on_delivery' WHERE id = $1`, unpaid)
	res, err := b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: unpaid, Lines: lines(1, 1)}))
	if err != nil {
		t.Fatal(err)
	}
	if w := res.Msg.GetWithdrawal(); w.GetStatus() != saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_CANCELLED || !w.GetCancelledOrder() || len(w.GetLines()) != 3 {
		t.Fatalf("withdrawal = %v, want the whole order cancelled", w)
	}
	if b.stock(t, b.ambient) != 10 || b.stock(t, b.frozen) != 10 {
		t.Fatalf("stock = %d, %d; want everything back", b.stock(t, b.ambient), b.stock(t, b.frozen))
	}
	_, err = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: unpaid, Lines: lines(1, 1)}))
	wantReason(t, err, connect.CodeFailedPrecondition, withdrawal.ReasonWithdrawalOrderCancelled)

	paid := b.order(t, userID, "transfer", "preparing", time.Time{})
	res, err = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: paid, Lines: lines(1, 1)}))
	if err != nil {
		t.Fatal(err)
	}
	w := res.Msg.GetWithdrawal()
	if w.GetStatus() != saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_RECEIVED || w.GetRefundCents() != 3*250+800+2*1000 {
		t.Fatalf("withdrawal = %v, want received with everything to refund", w)
	}
	if b.stock(t, b.ambient) != 10 {
		t.Fatalf("stock = %d, want 10", b.stock(t, b.ambient))
	}
	if _, err := b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: w.GetId(), BankReference: "TRF-1"})); err != nil {
		t.Fatal(err)
	}
	var status, pay string
	if err := b.pool.QueryRow(context.Background(), `SELECT status, payment_status FROM orders WHERE id = $1`, paid).Scan(&status, &pay); err != nil {
		t.Fatal(err)
	}
	if status != "cancelled" || pay != "refunded" {
		t.Fatalf("order %s/%s, want cancelled/refunded", status, pay)
	}
}

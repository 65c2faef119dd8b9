package withdrawalapi_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestWithdrawByLink: the e-mail's signed link works without signing in,
// only for its own order and only while the period runs; a number alone,
// a forged signature or another order's token is NotFound.
func TestWithdrawByLink(t *testing.T) {
	t.Parallel()
	b := setup(t, false)
	_, userID := b.shopper(t, "joao")
	delivered := b.now.Add(-24 * time.Hour)
	orderID := b.order(t, userID, "cash", "delivered", delivered)
	otherID := b.order(t, userID, "cash", "delivered", delivered)
	var placed time.Time
	if err := b.pool.QueryRow(context.Background(), `SELECT created_at FROM orders WHERE id = $1`, orderID).Scan(&placed); err != nil {
		t.Fatal(err)
	}
	token := b.links.Token(orderID, placed)
	anon := context.Background()
	pt := saboresv1.Language_LANGUAGE_PT
	for name, bad := range map[string]string{
		"number alone":       strconv.FormatInt(orderID, 10),
		"forged signature":   strconv.FormatInt(orderID, 10) + ".AAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"another order's":    strconv.FormatInt(otherID, 10) + token[strings.Index(token, "."):],
		"not a token at all": "hello.world",
	} {
		_, err := b.svc.GetWithdrawalOptionsByLink(anon, connect.NewRequest(&saboresv1.GetWithdrawalOptionsByLinkRequest{Token: bad}))
		if connecttest.Code(err) != connect.CodeNotFound {
			t.Errorf("%s: %v, want NotFound", name, err)
		}
	}
	opts, err := b.svc.GetWithdrawalOptionsByLink(anon, connect.NewRequest(&saboresv1.GetWithdrawalOptionsByLinkRequest{Token: token, Language: pt}))
	if err != nil || opts.Msg.GetOptions().GetOrderId() != orderID {
		t.Fatalf("options by link: %v, %v", opts, err)
	}
	res, err := b.svc.WithdrawByLink(anon, connect.NewRequest(&saboresv1.WithdrawByLinkRequest{Token: token, Lines: lines(1, 1)}))
	if err != nil {
		t.Fatal(err)
	}
	if w := res.Msg.GetWithdrawal(); w.GetChannel() != "link" || w.GetOrderId() != orderID {
		t.Fatalf("withdrawal = %v", w)
	}
	// After the 14th day the link stops working.
	b.now = withdrawal.Deadline(delivered)
	_, err = b.svc.WithdrawByLink(anon, connect.NewRequest(&saboresv1.WithdrawByLinkRequest{Token: token, Lines: lines(1, 1)}))
	if connecttest.Code(err) != connect.CodeNotFound {
		t.Fatalf("expired link: %v, want NotFound", err)
	}
}

// TestOrderEmailLinkWithdraws: the order-received e-mail carries the signed
// link (in the fragment) and the model withdrawal form; the token it holds
// withdraws without signing in.
func TestOrderEmailLinkWithdraws(t *testing.T) {
	b := setup(t, true)
	_, userID := b.shopper(t, "rui")
	orderID := b.order(t, userID, "cash", "delivered", b.now.Add(-time.Hour))
	queue := jobs.NewMailQueue(b.client, "pedidos@sabores.test")
	if err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		return queue.OrderEmail(context.Background(), tx, orderID, string(mail.OrderReceived), "rui@example.com")
	}); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 20*time.Second, "the order e-mail", func() bool { return len(b.pit.Messages(t)) == 1 })
	text := b.pit.Text(t, b.pit.Messages(t)[0].ID)
	if !strings.Contains(text, "Modelo de formulario de desistimiento") || !strings.Contains(text, "desisto/desistimos") {
		t.Fatalf("no model form in:\n%s", text)
	}
	_, after, ok := strings.Cut(text, "https://sabores.test/desistir#")
	if !ok {
		t.Fatalf("no withdrawal link in:\n%s", text)
	}
	token := strings.Fields(after)[0]
	res, err := b.svc.WithdrawByLink(context.Background(), connect.NewRequest(&saboresv1.WithdrawByLinkRequest{Token: token, Lines: lines(1, 1)}))
	if err != nil {
		t.Fatalf("withdraw with the e-mail's token %q: %v", token, err)
	}
	if res.Msg.GetWithdrawal().GetOrderId() != orderID {
		t.Fatalf("withdrawal = %v", res.Msg.GetWithdrawal())
	}
}

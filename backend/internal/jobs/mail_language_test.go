package jobs

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

type testIdentity struct{}

func (testIdentity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345678", PublicURL: "https://sabores.test",
		TermsURL: "https://sabores.test/terms", WithdrawalURL: "https://sabores.test/withdrawal"}, nil
}

// TestOrderEmailNamesProductsInTheOrdersLanguage (issue 15: the active
// language everywhere, e-mails included): a Portuguese shopper's order
// e-mail names the products by the Portuguese names they were sold under,
// a Spanish shopper's by the Spanish ones. Its links (the terms, the
// withdrawal link) open the pages in the order's language (issue 36:
// Portuguese under /pt; the order page's link: mail's render tests).
func TestOrderEmailNamesProductsInTheOrdersLanguage(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO products (id, name, name_pt, code, sku, category, price_cents, vat_basis_points, stock)
		VALUES (1, 'Harina de mandioca', 'Farinha de mandioca', 'BR-1', 'SKU-1', 'alimentos', 250, 1000, 10)`); err != nil {
		t.Fatal(err)
	}
	dbtest.ShopSettings(t, pool)
	userID := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "maria", Email: "maria@example.com", Name: "María"})
	shopper := auth.WithPrincipal(ctx, auth.Principal{UserID: userID, Email: "maria@example.com", Role: auth.RoleClient})
	links, err := withdrawal.NewLinks(ctx, db.New(pool), "")
	if err != nil {
		t.Fatal(err)
	}
	w := &mailWorker{pool: pool, identity: testIdentity{}, links: links, log: slog.New(slog.DiscardHandler)}
	for _, tc := range []struct{ accept, want, not, site string }{
		{"pt-PT,pt;q=0.9", "Farinha de mandioca", "Harina de mandioca", "https://sabores.test/pt"},
		{"es-ES,es;q=0.9", "Harina de mandioca", "Farinha de mandioca", "https://sabores.test"},
	} {
		req := connect.NewRequest(&saboresv1.PlaceOrderRequest{
			IdempotencyKey: uuid.NewString(),
			Lines:          []*saboresv1.CartLineInput{{ProductId: 1, Quantity: 1}},
			Delivery: &saboresv1.DeliveryInput{Name: "María", Email: "maria@example.com", Phone: "+34 600 000 000",
				Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
			PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
		})
		req.Header().Set("Accept-Language", tc.accept)
		res, err := orderapi.New(order.New(pool)).PlaceOrder(shopper, req)
		if err != nil {
			t.Fatal(err)
		}
		id := res.Msg.GetOrder().GetId()
		m, err := w.compose(ctx, db.New(pool), db.OutboundEmail{OrderID: &id, Kind: string(mail.OrderReceived), MessageID: "test"})
		if err != nil {
			t.Fatal(err)
		}
		for part, body := range map[string]string{"html": m.HTML, "text": m.Text} {
			if !strings.Contains(body, tc.want) || strings.Contains(body, tc.not) {
				t.Errorf("%s order e-mail (%s) should name %q, not %q:\n%s", tc.accept, part, tc.want, tc.not, body)
			}
			for _, link := range []string{tc.site + "/terms", tc.site + "/desistir#"} {
				if !strings.Contains(body, link) {
					t.Errorf("%s order e-mail (%s) has no link %s:\n%s", tc.accept, part, link, body)
				}
			}
		}
	}
}

package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
)

// TestRecallEmailReachesEachShopperOnceInTheirLanguage: a recall of the
// lot two card orders took sends one e-mail to each, in the order's
// language, saying the lot, what to do and how the money comes back;
// queued again (a retried transaction, a second pass), no shopper gets a
// second one.
func TestRecallEmailReachesEachShopperOnceInTheirLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	pit := mailtest.Start(t)
	if _, err := b.pool.Exec(ctx, `UPDATE products SET stock = 0 WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	module := lots.New(b.pool, nil)
	owner := audit.Caller{Name: "owner@sabores.test"}
	sup, err := module.SaveSupplier(ctx, owner, 0, lots.SupplierForm{Name: "Bebidas do Brasil SL", TaxID: "B12345674"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := module.Receive(ctx, owner, lots.Delivery{SupplierID: sup.ID, DocumentNumber: "AL-9", DeliveredOn: time.Now(),
		Lines: []lots.DeliveryLine{{ProductID: 1, Units: 8, LotCode: "G-25", Expires: time.Now().AddDate(1, 0, 0), Type: lots.BestBefore}}})
	if err != nil {
		t.Fatal(err)
	}
	spanish, portuguese := b.placeByCard(t), b.placeByCard(t)
	if _, err := b.pool.Exec(ctx, `UPDATE orders SET language = 'pt', delivery_email = 'joao@example.com' WHERE id = $1`, portuguese); err != nil {
		t.Fatal(err)
	}

	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <tienda@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(b.pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{}, From: "tienda@sabores.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	queue := jobs.NewMailQueue(client, "tienda@sabores.test")
	started, err := module.Recalls(queue).Start(ctx, owner, lots.RecallStart{ProductID: 1, LotIDs: got.LotIDs, Reason: "Posible presencia de Listeria"})
	if err != nil {
		t.Fatal(err)
	}
	if started.Emails != 2 || started.BlockedUnits != 2 {
		t.Fatalf("started %+v, want 2 e-mails and the 2 units left blocked", started)
	}
	// Queued again for both orders: the message ids are taken.
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
		for _, o := range []int64{spanish, portuguese} {
			if err := queue.RecallEmail(ctx, tx, started.ID, o, "maria@example.com"); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	jobstest.WaitSettled(t, b.pool, "send_email")

	var recalls []mailtest.Message
	for _, m := range pit.Messages(t) {
		if strings.Contains(m.Subject, "retiramos um produto") || strings.Contains(m.Subject, "retiramos un producto") {
			recalls = append(recalls, m)
		}
	}
	if len(recalls) != 2 {
		t.Fatalf("%d recall e-mails, want one per order: %+v", len(recalls), recalls)
	}
	for _, m := range recalls {
		text := pit.Text(t, m.ID)
		switch m.To[0].Address {
		case "maria@example.com":
			for _, want := range []string{"retiramos un producto de tu pedido #", "Lote: G-25", "Unidades de ese lote en tu pedido: 3",
				"Posible presencia de Listeria", "No lo consumas", "Te devolvemos el importe"} {
				if !strings.Contains(m.Subject+text, want) {
					t.Errorf("the Spanish e-mail lacks %q:\n%s", want, text)
				}
			}
		case "joao@example.com":
			for _, want := range []string{"retiramos um produto da sua encomenda #", "Lote: G-25", "Não o consuma", "Devolvemos-lhe o valor"} {
				if !strings.Contains(m.Subject+text, want) {
					t.Errorf("the Portuguese e-mail lacks %q:\n%s", want, text)
				}
			}
		default:
			t.Errorf("a recall e-mail to %s", m.To[0].Address)
		}
	}
}

package jobs_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/devaeat"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestVerifactuJobSends: with a sender the submission job posts the record
// an invoice queued it with, and a record issued within the AEAT's waiting
// time goes once it has passed (the run is snoozed, not failed).
func TestVerifactuJobSends(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	settings := dbtest.ShopSettings(t, pool)
	ctx := context.Background()
	ca, err := devaeat.NewAuthority()
	if err != nil {
		t.Fatal(err)
	}
	stand := devaeat.New(nil)
	stand.SetWait(time.Second)
	srv := httptest.NewUnstartedServer(stand)
	if srv.TLS, err = ca.ServerTLS(); err != nil {
		t.Fatal(err)
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	cert, err := ca.ClientCertificate(settings.NIF)
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Verifactu: aeat.NewClient(srv.URL, cert, ca.Pool()),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.Stop(stopCtx)
	})
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 1000})
	iv := invoice.Invoicer{Issuer: invoice.SettingsIssuer{}, Submissions: jobs.NewVerifactuQueue(client)}
	issue := func() {
		t.Helper()
		id := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product, Quantity: 1, UnitPriceCents: 250, VATBasisPoints: 1000}}})
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := iv.IssueForPaidOrder(ctx, tx, id)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	accepted := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM verifactu_record_answers WHERE estado_registro = 'Correcto'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	issue()
	testwait.Until(t, 20*time.Second, "the first record accepted", func() bool { return accepted() == 1 })
	issue()
	testwait.Until(t, 20*time.Second, "the second record accepted after the wait", func() bool { return accepted() == 2 })
	jobstest.WaitSettled(t, pool, jobs.VerifactuArgs{}.Kind())
	if messages, early := stand.Stats(); messages != 2 || early != 0 {
		t.Errorf("the AEAT got %d messages, %d of them within the waiting time", messages, early)
	}
}

package jobs_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestVerifactuSubmissionJob: issuing an invoice queues the submission job
// in its own transaction (a rollback leaves none); the job prepares the
// records as one AEAT message that validates against the AEAT's schema and
// stops at "ready" (no certificate); a later invoice goes into the next
// message, never into two.
func TestVerifactuSubmissionJob(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	ctx := context.Background()
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 1000})
	client, err := jobs.NewClient(pool, jobs.Options{PaymentWindows: order.DefaultPaymentWindows()})
	if err != nil {
		t.Fatal(err)
	}
	iv := invoice.Invoicer{Issuer: invoice.SettingsIssuer{}, Submissions: jobs.NewVerifactuQueue(client)}
	paid := func() int64 {
		return dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product, Quantity: 2, UnitPriceCents: 250, VATBasisPoints: 1000}}})
	}
	jobsIn := func(q interface {
		QueryRow(context.Context, string, ...any) pgx.Row
	}) int {
		var n int
		if err := q.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'verifactu_submit'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	rolledBack := paid()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := iv.IssueForPaidOrder(ctx, tx, rolledBack); err != nil {
		t.Fatal(err)
	}
	if n := jobsIn(tx); n != 1 {
		t.Fatalf("%d submission jobs in the issuing transaction, want 1", n)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if n := jobsIn(pool); n != 0 {
		t.Fatalf("%d submission jobs after a rollback, want 0", n)
	}

	first, second := paid(), paid()
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, id := range []int64{first, second} {
			if _, err := iv.IssueForPaidOrder(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
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
	submitted := func() (messages, records int) {
		if err := pool.QueryRow(ctx, `SELECT count(*), coalesce(sum(record_count), 0) FROM verifactu_submissions WHERE state = 'ready'`).Scan(&messages, &records); err != nil {
			t.Fatal(err)
		}
		return messages, records
	}
	testwait.Until(t, 20*time.Second, "two records ready", func() bool { _, n := submitted(); return n == 2 })
	var message []byte
	if err := pool.QueryRow(ctx, `SELECT message FROM verifactu_submissions ORDER BY id LIMIT 1`).Scan(&message); err != nil {
		t.Fatal(err)
	}
	validate(t, message)

	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := iv.IssueForPaidOrder(ctx, tx, paid())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 20*time.Second, "the third record ready", func() bool { _, n := submitted(); return n == 3 })
	jobstest.WaitSettled(t, pool, jobs.VerifactuArgs{}.Kind())
	if messages, records := submitted(); messages != 2 || records != 3 {
		t.Errorf("%d messages of %d records, want 2 of 3: a record went into two messages or a message was lost", messages, records)
	}
	status, err := invoice.ReadSubmissionStatus(ctx, pool)
	if err != nil || status.Ready != 3 || status.Unsubmitted != 0 || status.LastPrepared.IsZero() {
		t.Errorf("status %+v, %v; want 3 ready, none waiting", status, err)
	}
}

// validate checks a message against the AEAT's vendored SuministroLR.xsd
// with xmllint, offline (third_party/aeat-verifactu).
func validate(t *testing.T, message []byte) {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Log("xmllint (Debian's libxml2-utils) is not installed, the schema is not checked here; ./task xmllint installs it")
		return
	}
	// Tests run in their package's folder (runtime.Caller's path would not
	// exist in a -trimpath build).
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "third_party", "aeat-verifactu"))
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "message.xml")
	if err := os.WriteFile(in, message, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(dir, "SuministroLR.xsd"), in)
	cmd.Env = append(os.Environ(), "XML_CATALOG_FILES="+filepath.Join(dir, "catalog.xml"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the prepared message does not validate: %v\n%s", err, out)
	}
}

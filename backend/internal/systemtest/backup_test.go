package systemtest

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/cli"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/pgembed"
	"github.com/sabores/sabores/backend/internal/seed"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestBackupRestoreRoundTrip takes a shop with orders placed through
// shopd, backs it up from a PostgreSQL server, restores it into the
// embedded cluster, backs that up and restores it into a fresh database on
// the server: every table (River's job tables too) and sequence must end
// as it began, a restore over data must be refused, and the next order
// after the restore must get the number the original shop would give it.
// A backup of the embedded cluster while shopd serves it restores too.
func TestBackupRestoreRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	if _, err := pgembed.FindBinDir(ctx); err != nil {
		t.Skip(err)
	}
	srcURL := dbtest.NewURL(t)
	src := newTestShop(t, srcURL, io.Discard)
	if err := seed.Catalogue(ctx, src.Pool); err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, 4)
	for i := range tokens {
		_, tokens[i] = signIn(t, src.Pool, fmt.Sprintf("shopper-%d", i))
	}
	for _, token := range tokens[:3] {
		buyGuarana(t, src.URL, token)
	}

	dir := t.TempDir()
	run := func(env map[string]string, args ...string) error {
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		return cli.Run(ctx, args, lookup, io.Discard, io.Discard)
	}
	first := filepath.Join(dir, "server.dump")
	withPassword, password := passwordURL(t, srcURL)
	var logs strings.Builder
	lookup := func(k string) (string, bool) { return withPassword, k == "DATABASE_URL" }
	if err := cli.Run(ctx, []string{"backup", "--out", first, "--log-level", "debug"}, lookup, &logs, &logs); err != nil {
		t.Fatalf("backup: %v", err)
	}
	if !strings.Contains(logs.String(), "backup written") || strings.Contains(logs.String(), password) {
		t.Errorf("backup's logs, want its report and no password:\n%s", logs.String())
	}
	if info, err := os.Stat(first); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("dump %s: %v, mode %v; want a file only its owner reads", first, err, info.Mode())
	}
	want := digests(t, srcURL)
	if jobs, ok := want["table river_job"]; !ok || strings.HasPrefix(jobs, "rows 0 ") {
		t.Fatalf("river_job = %q, want the orders' queued e-mails to back up", jobs)
	}

	err := run(map[string]string{"DATABASE_URL": srcURL}, "restore", first)
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("restore over the shop's own data = %v, want a refusal saying it is not empty", err)
	}

	dataDir := filepath.Join(dir, "data")
	embedded := map[string]string{"DATA_DIR": dataDir}
	if err := run(embedded, "restore", first); err != nil {
		t.Fatalf("restore into the embedded cluster: %v", err)
	}
	second := filepath.Join(dir, "embedded.dump")
	if err := run(embedded, "backup", "--out", second); err != nil {
		t.Fatalf("backup of the embedded cluster: %v", err)
	}
	dstURL := dbtest.NewEmptyURL(t)
	if err := run(map[string]string{"DATABASE_URL": dstURL}, "restore", second); err != nil {
		t.Fatalf("restore into an empty database: %v", err)
	}
	// Two restores lie between the shop and this copy.
	if g := restoreGeneration(t, dstURL); g != 2 {
		t.Errorf("restore generation %d after two restores, want 2", g)
	}
	got := digests(t, dstURL)
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s after the round trip: %s, want %s", name, got[name], w)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s appeared in the round trip", name)
		}
	}

	// Served, the restored shop's job queue gets to work (River's tables
	// change), but the orders in a dump taken meanwhile are the same.
	serveCtx, stopServing := context.WithCancel(ctx)
	defer stopServing()
	served := serve(serveCtx, embedded)
	served.opened(t)
	third := filepath.Join(dir, "served.dump")
	if err := run(embedded, "backup", "--out", third); err != nil {
		t.Fatalf("backup of the embedded cluster while shopd serves it: %v", err)
	}
	stopServing()
	if err := <-served.done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	servedURL := dbtest.NewEmptyURL(t)
	if err := run(map[string]string{"DATABASE_URL": servedURL}, "restore", third); err != nil {
		t.Fatalf("restore the dump taken while serving: %v", err)
	}
	fromServed := digests(t, servedURL)
	for _, name := range []string{"table orders", "table order_lines", "sequence orders_id_seq"} {
		if fromServed[name] != want[name] {
			t.Errorf("%s in the dump taken while serving: %s, want %s", name, fromServed[name], want[name])
		}
	}

	dst := newTestShop(t, dstURL, io.Discard)
	next := buyGuarana(t, src.URL, tokens[3])
	restored := buyGuarana(t, dst.URL, tokens[3])
	if restored != next {
		t.Errorf("the first order after the restore is number %d, the original shop's next is %d", restored, next)
	}
}

// restoreGeneration is how many restores the database at dsn counted.
func restoreGeneration(t *testing.T, dsn string) int {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var g int
	if err := pool.QueryRow(context.Background(),
		`SELECT coalesce((SELECT (value #>> '{}')::int FROM settings WHERE key = 'restore_generation'), 0)`).Scan(&g); err != nil {
		t.Fatal(err)
	}
	return g
}

// passwordURL returns dsn with a password in it, and the password: the
// one it has, else a made-up one that the test server, trusting its
// clients, ignores.
func passwordURL(t *testing.T, dsn string) (string, string) {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := u.User.Password(); ok {
		return dsn, p
	}
	const made = "backup-password-never-logged"
	u.User = url.UserPassword(u.User.Username(), made)
	return u.String(), made
}

// buyGuarana places an order for one Guaraná Antarctica (a seeded product
// sold online) and returns its number.
func buyGuarana(t *testing.T, base, token string) int64 {
	t.Helper()
	res, err := orderClient(base, token).PlaceOrder(context.Background(), connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(),
		Lines:          []*saboresv1.CartLineInput{{ProductId: 1001, Quantity: 1}},
		Delivery: &saboresv1.DeliveryInput{
			Name: "María Silva", Email: "maria@example.com", Phone: "+34 600 000 000",
			Address: "Rúa do Porto 1", City: "Burela", PostalCode: "27880",
		},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CARD,
	}))
	if err != nil {
		t.Fatalf("place order: %v", err)
	}
	return res.Msg.GetOrder().GetId()
}

// digests fingerprints every table of the public schema (its row count
// and an md5 of its rows in a fixed order) and every sequence's position.
// Rows are rendered in UTC and sorted bytewise, so two servers with other
// time zones or collations agree on the same data.
func digests(t *testing.T, dsn string) map[string]string {
	t.Helper()
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["timezone"] = "UTC"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	rows, err := pool.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string, len(tables))
	for _, table := range tables {
		var n int64
		var sum string
		q := `SELECT count(*), coalesce(md5(string_agg(t::text, ',' ORDER BY t::text COLLATE "C")), '') FROM public.` +
			pgx.Identifier{table}.Sanitize() + ` t`
		if table == "settings" {
			// Each restore counts itself there (Redsys order numbers
			// carry it); the rest must match.
			q += ` WHERE t.key <> 'restore_generation'`
		}
		if err := pool.QueryRow(ctx, q).Scan(&n, &sum); err != nil {
			t.Fatalf("digest %s: %v", table, err)
		}
		out["table "+table] = fmt.Sprintf("rows %d md5 %s", n, sum)
	}
	rows, err = pool.Query(ctx, `SELECT sequencename, coalesce(last_value::text, 'unused') FROM pg_sequences WHERE schemaname = 'public'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name, last string
		if err := rows.Scan(&name, &last); err != nil {
			t.Fatal(err)
		}
		out["sequence "+name] = "at " + last
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(tables) < 10 {
		t.Fatalf("%d tables in the public schema, want the shop's", len(tables))
	}
	return out
}

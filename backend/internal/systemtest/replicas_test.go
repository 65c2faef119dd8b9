package systemtest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/cli"
	"github.com/sabores/sabores/backend/internal/testwait"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// processEnv makes this test binary run shopd's command line instead of the
// tests, so a test can start shopd as processes of their own.
const processEnv = "SABORES_TEST_RUN_SHOPD"

func TestMain(m *testing.M) {
	if os.Getenv(processEnv) == "1" {
		os.Exit(cli.Main(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// startShopdProcess runs `shopd serve` on dsn in a process of its own, as a
// replica behind a load balancer is, and returns its address once it is open.
func startShopdProcess(t *testing.T, dsn string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), processEnv+"=1", "DATABASE_URL="+dsn, "SEED_ON_EMPTY=false", "LOG_LEVEL=warn")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	url := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := openAt.FindStringSubmatch(sc.Text()); m != nil {
				url <- m[1]
			}
		}
	}()
	select {
	case u := <-url:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("shopd process did not open within 30 s")
		return ""
	}
}

// TestTwoShopdProcessesServeAPriceChange is issue 7's scaling rule with
// real processes: two shopd replicas on one database, each with its own
// caches; an admin changes a price through one, and the other serves the
// new price within a second.
func TestTwoShopdProcessesServeAPriceChange(t *testing.T) {
	t.Parallel()
	direct := dbtest.NewSeeded(t)
	ctx := context.Background()
	var (
		adminID, productID int64
		vatBP              int32
		sections           []string
	)
	if err := direct.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	if err := direct.QueryRow(ctx, `SELECT id, vat_basis_points, online_categories FROM products WHERE sold_online ORDER BY id LIMIT 1`).
		Scan(&productID, &vatBP, &sections); err != nil {
		t.Fatal(err)
	}
	a, b := startShopdProcess(t, dbtest.URL(direct)), startShopdProcess(t, dbtest.URL(direct))

	price := func(base string) int64 {
		t.Helper()
		c := saboresv1connect.NewCatalogServiceClient(http.DefaultClient, base, connect.WithHTTPGet())
		res, err := c.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: productID}))
		if err != nil {
			t.Fatalf("GetProduct on %s: %v", base, err)
		}
		return res.Msg.GetProduct().GetPriceCents()
	}
	before := price(a)
	if got := price(b); got != before {
		t.Fatalf("replicas disagree before the change: %d and %d", before, got)
	}
	price(b) // now in b's caches

	admin := saboresv1connect.NewAdminProductServiceClient(&http.Client{Transport: cookieTransport{token: sessionFor(t, direct, adminID)}}, a)
	want := before + 111
	changed := time.Now()
	if _, err := admin.UpdateProduct(ctx, connect.NewRequest(&saboresv1.UpdateProductRequest{
		Id: productID, Price: decimal(want), VatRate: decimal(int64(vatBP)), OnlineCategories: sections,
	})); err != nil {
		t.Fatalf("UpdateProduct on a: %v", err)
	}
	testwait.Until(t, time.Second, "replica b serving the new price", func() bool { return price(b) == want })
	t.Logf("replica b served the new price %v after the change on a", time.Since(changed))
}

// decimal formats hundredths (cents, basis points) as the back office's
// fields take them: 1234 is "12,34".
func decimal(hundredths int64) string {
	return fmt.Sprintf("%d,%02d", hundredths/100, hundredths%100)
}

package systemtest

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestStuckEmailWithTheSMTPServerStopped: shopd serves with nothing
// listening on its SMTP port. A contact message's e-mail is tried, fails
// and waits for River's next try; once it is older than stuck.EmailAfter
// (aged in the database rather than waited for), /metrics counts it stuck
// and the back office's dashboard says so.
func TestStuckEmailWithTheSMTPServerStopped(t *testing.T) {
	t.Parallel()
	direct := dbtest.NewSeeded(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopped, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	smtpPort := strconv.Itoa(stopped.Addr().(*net.TCPAddr).Port)
	if err := stopped.Close(); err != nil {
		t.Fatal(err)
	}
	shopd := serve(ctx, map[string]string{
		"DATABASE_URL": dbtest.URL(direct), "SEED_ON_EMPTY": "false",
		"SMTP_HOST": "127.0.0.1", "SMTP_PORT": smtpPort,
	})
	shop := shopd.opened(t)

	contact := saboresv1connect.NewContactServiceClient(client(""), shop)
	if _, err := contact.SendContactMessage(ctx, connect.NewRequest(&saboresv1.SendContactMessageRequest{
		Name: "Ana", Email: "ana@example.com", Subject: saboresv1.ContactSubject_CONTACT_SUBJECT_OTHER,
		Message: "¿Tenéis farofa?", Language: saboresv1.Language_LANGUAGE_ES,
	})); err != nil {
		t.Fatal(err)
	}
	var lastError string
	testwait.Until(t, 30*time.Second, "the e-mail tried against the stopped SMTP server", func() bool {
		err := direct.QueryRow(ctx, `SELECT last_error FROM outbound_emails WHERE kind = 'contact_message' AND attempts > 0`).Scan(&lastError)
		return err == nil
	})
	t.Logf("the try failed with: %s", lastError)
	// River records the failed try on the job a moment after the worker
	// returned.
	testwait.Until(t, 30*time.Second, "the e-mail's job waiting for its next try", func() bool {
		var n int
		err := direct.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'send_email' AND state = 'retryable'`).Scan(&n)
		return err == nil && n == 1
	})

	metricLines := func() string {
		t.Helper()
		res, body := get(t, shop+"/metrics", nil)
		if res.StatusCode != 200 {
			t.Fatalf("/metrics = %d", res.StatusCode)
		}
		return body
	}
	if body := metricLines(); !strings.Contains(body, `sabores_stuck{what="emails"} 0`) ||
		!strings.Contains(body, "sabores_emails_unsent 1") {
		t.Errorf("an e-mail a moment old is unsent and not yet stuck; /metrics:\n%s", grepLines(body, "sabores_stuck", "sabores_emails"))
	}
	if _, err := direct.Exec(ctx, `UPDATE outbound_emails SET created_at = now() - interval '16 minutes' WHERE kind = 'contact_message'`); err != nil {
		t.Fatal(err)
	}
	body := metricLines()
	for _, want := range []string{
		`sabores_stuck{what="emails"} 1`,
		"sabores_emails_unsent 1",
		"sabores_operations_read_ok 1",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics has no %q:\n%s", want, grepLines(body, "sabores_stuck", "sabores_emails", "sabores_river_jobs", "sabores_operations"))
		}
	}

	// River tries again within seconds (its backoff is the attempt to the
	// fourth power): the job is retryable between tries.
	testwait.Until(t, 30*time.Second, "the job retryable in /metrics", func() bool {
		return strings.Contains(metricLines(), `sabores_river_jobs{kind="send_email",state="retryable"} 1`)
	})

	// The alert rules and the Grafana dashboard name only series shopd sends.
	body = metricLines()
	for _, file := range []string{"prometheus-alerts.yml", "grafana-dashboard.json"} {
		text, err := os.ReadFile(filepath.Join("..", "..", "..", "deploy", file))
		if err != nil {
			t.Fatal(err)
		}
		names := metricName.FindAllString(string(text), -1)
		if len(names) == 0 {
			t.Errorf("deploy/%s names no sabores_ series", file)
		}
		for _, name := range names {
			// The render cache's series come only with the built app's
			// server bundle (metrics' TestPrerenderCollector checks them).
			if strings.HasPrefix(name, "sabores_prerender_") {
				continue
			}
			// The certificate's expiry exists only with a VeriFactu
			// certificate configured (metrics' TestVerifactuCertificateExpiry).
			if name == "sabores_verifactu_certificate_expiry_timestamp_seconds" {
				continue
			}
			if !strings.Contains(body, "\n"+name+"{") && !strings.Contains(body, "\n"+name+" ") {
				t.Errorf("deploy/%s uses %s, which /metrics does not send", file, name)
			}
		}
	}

	var adminID int64
	if err := direct.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	admin := saboresv1connect.NewAdminDashboardServiceClient(client(sessionFor(t, direct, adminID)), shop)
	res, err := admin.GetDashboardStats(ctx, connect.NewRequest(&saboresv1.GetDashboardStatsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Msg.GetStuck(); s.GetEmails() != 1 || s.GetRefunds() != 0 || s.GetVerifactuRecords() != 0 {
		t.Errorf("dashboard's stuck work = %v, want the one e-mail", s)
	}
}

// metricName is a series name of shopd's in the deploy files.
var metricName = regexp.MustCompile(`\bsabores_[a-z_]+[a-z]\b`)

// grepLines keeps the lines of text starting with one of prefixes.
func grepLines(text string, prefixes ...string) string {
	var kept []string
	for _, line := range strings.Split(text, "\n") {
		for _, p := range prefixes {
			if strings.HasPrefix(line, p) {
				kept = append(kept, line)
				break
			}
		}
	}
	return strings.Join(kept, "\n")
}

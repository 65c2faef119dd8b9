package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// csvColumns are the catalogue CSV's columns the generated file fills
// (docs/catalogue-csv.md); the others stay empty.
var csvColumns = []string{
	"sku", "code", "category", "price", "vat_rate", "stock", "online_categories", "name_es", "name_pt",
	"description_es", "is_food", "ingredients_es", "ingredients_pt", "contains", "may_contain", "net_quantity",
	"net_unit", "storage_es", "energy_kj", "energy_kcal", "fat_mg", "saturates_mg", "carbohydrate_mg",
	"sugars_mg", "protein_mg", "salt_mg", "operator_name", "operator_address",
}

// csvBadLines are the lines of the broken file whose rows are wrong (the
// header is line 1): the dry run must name exactly these.
func csvBadLines(rows int) []int { return []int{2 + rows/100, 2 + rows/2, rows} }

// csvVariant is which of the bench's files catalogueCSV writes.
type csvVariant int

const (
	// csvFixed is the file without errors.
	csvFixed csvVariant = iota
	// csvBroken spoils the rows at csvBadLines.
	csvBroken
	// csvResectioned is csvFixed with every product moved to other
	// storefront sections: imported after it, it updates every row.
	csvResectioned
)

// catalogueCSV generates rows food products, every field filled as an
// owner's file would be, in the given variant.
func catalogueCSV(rows int, variant csvVariant) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(csvColumns)
	bad := csvBadLines(rows)
	for i := 1; i <= rows; i++ {
		n := strconv.Itoa(i)
		r := []string{
			"CSV-" + n, "CSVC-" + n, "alimentos", fmt.Sprintf("%d.%02d", 1+i%30, i%100), "10", strconv.Itoa(i % 300),
			"alimentos|lanzamientos", "Harina de yuca nº " + n, "Farinha de mandioca nº " + n,
			"Harina fina de yuca, sin gluten añadido.", "true",
			"Harina de yuca, **leche** en polvo, sal.", "Farinha de mandioca, **leite** em pó, sal.", "milk", "gluten",
			"500", "g", "Consérvese en lugar fresco y seco.", "1500", "355", "1200", "300", "83000", "1500", "1700", "20",
			"Sabores Importaciones S.L.", "Calle Mayor 1, 28013 Madrid",
		}
		if variant == csvResectioned {
			r[6] = "bebidas|populares"
		}
		if variant == csvBroken {
			switch i + 1 {
			case bad[0]:
				r[3] = "tres euros"
			case bad[1]:
				r[11] = "Harina de yuca, leche en polvo, sal."
			case bad[2]:
				r[16] = "pounds"
			}
		}
		_ = w.Write(r)
	}
	w.Flush()
	return buf.Bytes()
}

// cookieTransport signs requests in as the bench's admin.
type cookieTransport struct{ base, token string }

func (t cookieTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Cookie", "sabores_session="+t.token)
	r.Header.Set("Origin", t.base)
	return http.DefaultTransport.RoundTrip(r)
}

// benchAdmin makes the bench's admin (a user, a session "bench-admin" and
// `shopd admin grant`) for the back-office RPCs.
func benchAdmin(ctx context.Context, shopd, dsn string) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	if _, err := conn.Exec(ctx, `WITH u AS (
		INSERT INTO users (issuer, subject, email, full_name)
		VALUES ('https://bench.sabores.local', 'admin', 'admin@bench.example', 'Bench Admin')
		ON CONFLICT (issuer, subject) DO UPDATE SET email = excluded.email RETURNING id)
		INSERT INTO sessions (token_hash, user_id, expires_at)
		SELECT sha256(convert_to('bench-admin', 'UTF8')), id, now() + interval '719 hours' FROM u
		ON CONFLICT (token_hash) DO NOTHING`); err != nil {
		return fmt.Errorf("bench admin: %w", err)
	}
	cmd := exec.CommandContext(ctx, shopd, "admin", "grant", "admin@bench.example")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("shopd admin grant: %w: %s", err, out)
	}
	return nil
}

// csvPeakMB bounds shopd's peak resident set while it checks or imports a
// catalogue file, whatever the file's size (issue 29).
const csvPeakMB = 200

// benchCSV measures the catalogue CSV import through the running shopd
// (issue 15: 100 000 rows in under 60 s): a file with three bad rows, whose
// dry run must name exactly those lines and write nothing; then the fixed
// file's dry run, and its import as a background job polled to the end.
// Each stage's peak resident set of shopd is measured on its own (issue
// 29); csv_peak_rss_mb is the highest.
func benchCSV(ctx context.Context, shopd, dsn string, srv *server, rows int, rep *report) error {
	if err := benchAdmin(ctx, shopd, dsn); err != nil {
		return err
	}
	base := srv.base
	// peaks are the stages' peak resident sets, in MB.
	peaks := map[string]float64{}
	stage := func(name string, run func() error) error {
		if err := srv.resetPeak(); err != nil {
			return err
		}
		err := run()
		peaks[name], _ = srv.memory()
		log.Printf("csv: %s: shopd peak RSS %.1f MB", name, peaks[name])
		return err
	}
	client := saboresv1connect.NewAdminCatalogueImportServiceClient(
		&http.Client{Transport: cookieTransport{base: base, token: "bench-admin"}, Timeout: 10 * time.Minute}, base,
		connect.WithReadMaxBytes(64<<20), connect.WithSendMaxBytes(80<<20))
	broken, fixed := catalogueCSV(rows, csvBroken), catalogueCSV(rows, csvFixed)
	log.Printf("csv: %d rows, %.1f MB", rows, float64(len(fixed))/1e6)

	start := time.Now()
	var report *connect.Response[saboresv1.DryRunCatalogueImportResponse]
	if err := stage("dry_run_broken", func() error {
		brokenID, err := uploadCSV(ctx, client, broken)
		if err != nil {
			return err
		}
		if report, err = client.DryRunCatalogueImport(ctx, connect.NewRequest(&saboresv1.DryRunCatalogueImportRequest{
			FileName: "bench-broken.csv", UploadId: brokenID,
		})); err != nil {
			return fmt.Errorf("csv dry run: %w", err)
		}
		return nil
	}); err != nil {
		return err
	}
	brokenSeconds := time.Since(start).Seconds()
	var lines []int
	for _, p := range report.Msg.GetProblems() {
		lines = append(lines, int(p.GetLine()))
	}
	if !slices.Equal(lines, csvBadLines(rows)) {
		return fmt.Errorf("csv dry run named lines %v, want %v", lines, csvBadLines(rows))
	}

	start = time.Now()
	if err := stage("dry_run", func() error {
		fixedID, err := uploadCSV(ctx, client, fixed)
		if err != nil {
			return err
		}
		if report, err = client.DryRunCatalogueImport(ctx, connect.NewRequest(&saboresv1.DryRunCatalogueImportRequest{
			FileName: "bench.csv", UploadId: fixedID,
		})); err != nil {
			return fmt.Errorf("csv dry run: %w", err)
		}
		return nil
	}); err != nil {
		return err
	}
	drySeconds := time.Since(start).Seconds()
	if n := report.Msg.GetProblemCount(); n != 0 {
		return fmt.Errorf("csv dry run of the fixed file: %d problems, first %v", n, report.Msg.GetProblems()[0])
	}

	var importSeconds float64
	var job *saboresv1.CatalogueImport
	if err := stage("import", func() (err error) {
		importSeconds, job, err = importCSV(ctx, client, "bench.csv", fixed)
		return err
	}); err != nil {
		return err
	}
	if job.GetCreated() != int32(rows) {
		return fmt.Errorf("csv import created %d products, want %d", job.GetCreated(), rows)
	}
	// The same products again, every one in other storefront sections: an
	// import that updates every row (and every section count) of the file.
	resectioned := catalogueCSV(rows, csvResectioned)
	var updateSeconds float64
	var updated *saboresv1.CatalogueImport
	if err := stage("update", func() (err error) {
		updateSeconds, updated, err = importCSV(ctx, client, "bench-resectioned.csv", resectioned)
		return err
	}); err != nil {
		return err
	}
	if updated.GetUpdated() != int32(rows) {
		return fmt.Errorf("csv re-sectioning import updated %d products, want %d", updated.GetUpdated(), rows)
	}
	rep.Extra["csv_rows"] = float64(rows)
	rep.Extra["csv_dry_run_broken_seconds"] = brokenSeconds
	rep.Extra["csv_dry_run_seconds"] = drySeconds
	rep.Extra["csv_import_seconds"] = importSeconds
	rep.Extra["csv_import_rows_per_second"] = float64(rows) / importSeconds
	rep.Extra["csv_update_seconds"] = updateSeconds
	rep.Extra["csv_update_rows_per_second"] = float64(rows) / updateSeconds
	rep.Extra["csv_bytes"] = float64(len(fixed))
	highest := 0.0
	for name, mb := range peaks {
		rep.Extra["csv_"+name+"_peak_rss_mb"] = mb
		highest = max(highest, mb)
	}
	rep.Extra["csv_peak_rss_mb"] = highest
	log.Printf("csv: dry run with 3 bad rows %.1f s (named lines %v); dry run %.1f s (%.0f rows/s); import %.1f s (%.0f rows/s, %d created); re-sectioning import %.1f s (%.0f rows/s, %d updated)",
		brokenSeconds, lines, drySeconds, float64(rows)/drySeconds, importSeconds, float64(rows)/importSeconds,
		job.GetCreated(), updateSeconds, float64(rows)/updateSeconds, updated.GetUpdated())
	log.Printf("csv: shopd peak RSS %.1f MB (target < %d MB): dry run with 3 bad rows %.1f MB, dry run %.1f MB, import %.1f MB, re-sectioning import %.1f MB",
		highest, csvPeakMB, peaks["dry_run_broken"], peaks["dry_run"], peaks["import"], peaks["update"])
	if highest >= csvPeakMB {
		rep.Notes = append(rep.Notes, fmt.Sprintf("CSV file of %.1f MB took shopd's resident set to %.1f MB, over issue 29's %d MB",
			float64(len(fixed))/1e6, highest, csvPeakMB))
	}
	for what, seconds := range map[string]float64{"import": importSeconds, "re-sectioning import": updateSeconds} {
		if seconds > 60 {
			rep.Notes = append(rep.Notes, fmt.Sprintf("CSV %s of %d rows took %.0f s, over issue 15's 60 s", what, rows, seconds))
		}
	}
	return nil
}

// uploadCSV sends a file in pieces of 1 MiB, as the back office does, and
// returns its upload's id.
func uploadCSV(ctx context.Context, client saboresv1connect.AdminCatalogueImportServiceClient, data []byte) (int64, error) {
	var id int64
	for seq := 0; len(data) > 0; seq++ {
		n := min(len(data), 1<<20)
		res, err := client.UploadCatalogueChunk(ctx, connect.NewRequest(&saboresv1.UploadCatalogueChunkRequest{
			UploadId: id, Seq: int32(seq), Chunk: data[:n],
		}))
		if err != nil {
			return 0, fmt.Errorf("csv upload piece %d: %w", seq, err)
		}
		id, data = res.Msg.GetUploadId(), data[n:]
	}
	return id, nil
}

// importCSV uploads a file, starts its import and polls it to its end: the
// seconds from the upload to the outcome, and the finished import.
func importCSV(ctx context.Context, client saboresv1connect.AdminCatalogueImportServiceClient, name string, data []byte) (float64, *saboresv1.CatalogueImport, error) {
	start := time.Now()
	id, err := uploadCSV(ctx, client, data)
	if err != nil {
		return 0, nil, err
	}
	started, err := client.StartCatalogueImport(ctx, connect.NewRequest(&saboresv1.StartCatalogueImportRequest{
		FileName: name, UploadId: id,
	}))
	if err != nil {
		return 0, nil, fmt.Errorf("csv import %s: %w", name, err)
	}
	importID := started.Msg.GetImport().GetId()
	for {
		res, err := client.GetCatalogueImport(ctx, connect.NewRequest(&saboresv1.GetCatalogueImportRequest{Id: importID}))
		if err != nil {
			return 0, nil, fmt.Errorf("csv import %s progress: %w", name, err)
		}
		job := res.Msg.GetImport()
		switch job.GetStatus() {
		case saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_SUCCEEDED:
			return time.Since(start).Seconds(), job, nil
		case saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_FAILED:
			return 0, nil, fmt.Errorf("csv import %s failed: %v", name, job.GetProblems())
		}
		if time.Since(start) > 10*time.Minute {
			return 0, nil, fmt.Errorf("csv import %s: still running after 10 minutes", name)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// runCSVOnly (`go run ./bench csv`, ./task bench-csv) measures only the
// catalogue CSV import, on a fresh database with the sample catalogue;
// BENCH_CSV_ROWS sets the file's size (100 000). It fails when shopd's
// peak resident set reaches csvPeakMB in any stage.
func runCSVOnly(ctx context.Context, cfg config, shopd string) error {
	const name = "sabores_bench_csv"
	rows := 100_000
	if v := os.Getenv("BENCH_CSV_ROWS"); v != "" {
		var err error
		if rows, err = strconv.Atoi(v); err != nil {
			return err
		}
	}
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, name, "")
	if err != nil {
		return err
	}
	defer drop()
	work := filepath.Join(cfg.dir, "work")
	srv, _, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-csv.log"))
	if err != nil {
		return err
	}
	defer srv.stop()
	rep := &report{Extra: map[string]float64{}}
	if err := benchCSV(ctx, shopd, dsn, srv, rows, rep); err != nil {
		return err
	}
	for _, n := range rep.Notes {
		log.Print(n)
	}
	if peak := rep.Extra["csv_peak_rss_mb"]; peak >= csvPeakMB {
		return fmt.Errorf("shopd's peak RSS %.1f MB, want under %d MB", peak, csvPeakMB)
	}
	return nil
}

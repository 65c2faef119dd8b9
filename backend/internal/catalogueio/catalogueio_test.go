package catalogueio_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/catalogueio"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// sample is a generated file of n products, with edit changing some rows
// (row numbers from 1) before it is written.
func sample(t *testing.T, n int, edit func(i int, row map[string]string)) []byte {
	t.Helper()
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	if err := cw.Write(catalogueio.Columns); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		row := catalogueio.SampleRow(i, "T")
		if edit != nil {
			edit(i, row)
		}
		record := make([]string, len(catalogueio.Columns))
		for j, c := range catalogueio.Columns {
			record[j] = row[c]
		}
		if err := cw.Write(record); err != nil {
			t.Fatal(err)
		}
	}
	cw.Flush()
	return buf.Bytes()
}

func count(t *testing.T, pool *pgxpool.Pool, sql string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// upload stores data as a new admin's upload, in pieces of size bytes, as
// the back office sends it.
func upload(t *testing.T, pool *pgxpool.Pool, data []byte, size int) (userID, uploadID int64) {
	t.Helper()
	ctx := context.Background()
	if err := pool.QueryRow(ctx, `INSERT INTO users (issuer, subject, email)
		VALUES ('test', gen_random_uuid()::text, gen_random_uuid()::text || '@sabores.es') RETURNING id`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	for seq := 0; len(data) > 0; seq++ {
		piece := data[:min(size, len(data))]
		up, err := catalogueio.AddChunk(ctx, pool, userID, uploadID, int32(seq), piece)
		if err != nil {
			t.Fatalf("piece %d: %v", seq, err)
		}
		uploadID, data = up.ID, data[len(piece):]
	}
	return userID, uploadID
}

// queue uploads data and stores its import, as StartCatalogueImport does.
func queue(t *testing.T, pool *pgxpool.Pool, name string, data []byte) int64 {
	t.Helper()
	userID, uploadID := upload(t, pool, data, catalogueio.MaxChunkBytes)
	row, err := db.New(pool).CreateCatalogueImport(context.Background(), db.CreateCatalogueImportParams{
		FileName: name, UploadID: uploadID, CreatedBy: &userID, CreatedByActor: "admin@sabores.es"})
	if err != nil {
		t.Fatal(err)
	}
	return row.ID
}

// run stores data as an import and runs it as the job would.
func run(t *testing.T, pool *pgxpool.Pool, data []byte) db.GetCatalogueImportRow {
	t.Helper()
	ctx := context.Background()
	id := queue(t, pool, "catalogue.csv", data)
	if err := catalogueio.Run(ctx, pool, id, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	got, err := db.New(pool).GetCatalogueImport(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// The acceptance, at 2 000 rows: three bad rows are named by the
// dry run and by the import, which writes nothing; fixed, the file
// imports whole, through the ledger and the price history; exported again,
// it reads back unchanged.
func TestImportAllOrNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	const n = 2000
	bad := map[int]func(row map[string]string){
		// Lines are rows + 1 (the header is line 1).
		17:   func(row map[string]string) { row["price"] = "doce euros" },
		1001: func(row map[string]string) { row["ean"] = "4006381333932" }, // check digit should be 1
		1999: func(row map[string]string) { row["ingredients_es"] = "Harina de trigo, **leche**." },
	}
	broken := sample(t, n, func(i int, row map[string]string) {
		if f, ok := bad[i]; ok {
			f(row)
		}
	})
	products := count(t, pool, `SELECT count(*) FROM products`)

	plan, err := catalogueio.Check(ctx, db.New(pool), bytes.NewReader(broken))
	if err != nil {
		t.Fatal(err)
	}
	type at struct {
		line   int
		column string
		reason string
	}
	var got []at
	for _, p := range plan.Problems {
		got = append(got, at{p.Line, p.Column, p.Reason})
	}
	want := []at{{18, "price", "INVALID_PRICE"}, {1002, "ean", "EAN_CHECK_DIGIT"}, {2000, "ingredients_es", "ALLERGEN_NOT_EMPHASISED"}}
	if !slices.Equal(got, want) {
		t.Fatalf("dry run problems:\n got %v\nwant %v", got, want)
	}
	if plan.Creates != n-3 {
		t.Errorf("dry run creates %d, want %d", plan.Creates, n-3)
	}
	refused := run(t, pool, broken)
	if refused.Status != "failed" || refused.ProblemCount != 3 {
		t.Fatalf("import of the broken file: %s with %d problems", refused.Status, refused.ProblemCount)
	}
	if c := count(t, pool, `SELECT count(*) FROM products`); c != products {
		t.Fatalf("the refused import wrote %d products", c-products)
	}

	fixed := sample(t, n, nil)
	done := run(t, pool, fixed)
	if done.Status != "succeeded" || done.Created != n || done.Updated != 0 || done.ProgressPercent != 100 {
		t.Fatalf("import: %+v", done)
	}
	for sql, want := range map[string]int{
		`SELECT count(*) FROM products WHERE sku LIKE 'T-%'`:                                                                  n,
		`SELECT count(*) FROM product_food_info f JOIN products p ON p.id = f.product_id WHERE p.sku LIKE 'T-%'`:              n - n/3,
		`SELECT count(*) FROM price_history h JOIN products p ON p.id = h.product_id WHERE p.sku LIKE 'T-%'`:                  n,
		`SELECT coalesce(sum(delta), 0) FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.sku LIKE 'T-%'`: count(t, pool, `SELECT sum(stock) FROM products WHERE sku LIKE 'T-%'`),
		`SELECT count(*) FROM products WHERE sku LIKE 'T-%' AND allergen_risk = '{gluten,milk,nuts}'`:                         n - n/3,
		`SELECT count(*) FROM audit_events WHERE action = 'catalogue.import'`:                                                 1,
		`SELECT count(*) FROM catalogue_import_rows`:                                                                          0,
	} {
		if got := count(t, pool, sql); got != want {
			t.Errorf("%s: %d, want %d", sql, got, want)
		}
	}

	// A second file changes one price and one stock: one new price, one
	// counted movement, one product updated.
	changed := sample(t, n, func(i int, row map[string]string) {
		if i == 5 {
			row["price"], row["stock"] = "99.95", "7"
		}
	})
	again := run(t, pool, changed)
	if again.Status != "succeeded" || again.Created != 0 || again.Updated != 1 {
		t.Fatalf("second import: %+v", again)
	}
	if got := count(t, pool, `SELECT count(*) FROM price_history h JOIN products p ON p.id = h.product_id WHERE p.sku = 'T-5'`); got != 2 {
		t.Errorf("T-5 has %d prices in its history, want 2", got)
	}
	if got := count(t, pool, `SELECT count(*) FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.sku = 'T-5' AND m.reason = 'count'`); got != 1 {
		t.Errorf("T-5 has %d counted stock movements, want 1", got)
	}

	// The export reads back as the same catalogue: no problems, no change.
	var exported bytes.Buffer
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		_, err := catalogueio.Export(ctx, db.New(tx), &exported, true)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(exported.Bytes(), []byte("\uFEFFsku,code,")) {
		t.Errorf("export starts %q", exported.Bytes()[:20])
	}
	roundTrip, err := catalogueio.Check(ctx, db.New(pool), bytes.NewReader(exported.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(roundTrip.Problems) > 0 || roundTrip.Creates != 0 {
		t.Fatalf("the export does not read back: %d creates, problems %v", roundTrip.Creates, roundTrip.Problems[:min(5, len(roundTrip.Problems))])
	}
	if same := run(t, pool, exported.Bytes()); same.Updated != 0 {
		t.Errorf("importing the export updated %d products", same.Updated)
	}
}

// A file that is not the catalogue's is refused by its header, at line 1.
func TestHeaderProblems(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	plan, err := catalogueio.Check(context.Background(), db.New(pool), strings.NewReader("sku,colour\nA,red\n"))
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for _, p := range plan.Problems {
		if p.Line != 1 {
			t.Errorf("problem at line %d: %+v", p.Line, p)
		}
		reasons = append(reasons, p.Reason+":"+p.Column)
	}
	if !slices.Contains(reasons, "UNKNOWN_COLUMN:colour") || !slices.Contains(reasons, "MISSING_COLUMN:price") {
		t.Errorf("problems %v", reasons)
	}
}

// The back office's progress bar reads catalogue_imports while the import
// runs: progress is written beside the import's transaction, so another
// connection sees it running, with its row count, before anything is
// committed. The import is held at the lock of a product the file updates
// (an order holding it, say) and goes on once it is released.
func TestProgressVisibleWhileRunning(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	const n = 40
	if first := run(t, pool, sample(t, n, nil)); first.Status != "succeeded" {
		t.Fatalf("first import: %+v", first)
	}

	holder, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = holder.Rollback(context.Background()) })
	if _, err := holder.Exec(ctx, `SELECT 1 FROM products WHERE sku = 'T-3' FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	q := db.New(pool)
	importID := queue(t, pool, "resection.csv",
		sample(t, n, func(_ int, row map[string]string) { row["online_categories"] = "bebidas|lanzamientos" }))
	done := make(chan error, 1)
	go func() { done <- catalogueio.Run(ctx, pool, importID, slog.New(slog.DiscardHandler)) }()

	testwait.Until(t, time.Minute, "the import to wait for the product's lock", func() bool {
		return count(t, pool, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%'`) > 0
	})
	during, err := q.GetCatalogueImport(ctx, importID)
	if err != nil {
		t.Fatal(err)
	}
	if during.Status != "running" || during.RowsTotal != n || during.ProgressPercent < 1 || during.ProgressPercent > 99 || during.FinishedAt != nil {
		t.Errorf("while it runs: status %s, %d rows, %d %%, finished %v; want running, %d rows, between 1 and 99 %%",
			during.Status, during.RowsTotal, during.ProgressPercent, during.FinishedAt, n)
	}
	if got := count(t, pool, `SELECT count(*) FROM products WHERE 'lanzamientos' = ANY (online_categories) AND sku LIKE 'T-%'`); got != 0 {
		t.Errorf("%d products changed before the import committed", got)
	}

	if err := holder.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	after, err := q.GetCatalogueImport(ctx, importID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Status != "succeeded" || after.ProgressPercent != 100 || after.Updated != n {
		t.Errorf("after: %+v", after)
	}
}

// Text a spreadsheet would run as a formula leaves the export guarded, and
// the guard comes off on import: the round trip changes nothing.
func TestExportGuardsFormulasAndReadsBack(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	names := map[int]string{
		1: `=HYPERLINK("http://evil.example","Oferta")`, 2: "+cmd|' /C calc'!A0", 3: "-10 % queso",
		4: "@SUM(A1:A9)", 5: "'plain quote",
	}
	file := sample(t, len(names), func(i int, row map[string]string) {
		row["name_es"], row["name_pt"], row["brand"] = names[i], names[i], names[i]
	})
	if done := run(t, pool, file); done.Status != "succeeded" || int(done.Created) != len(names) {
		t.Fatalf("import: %+v", done)
	}
	// A tab or a carriage return cannot lead a name the form stores (it
	// trims); one written straight to the table must still be guarded.
	if _, err := pool.Exec(ctx, `UPDATE products SET description = E'\t=1+1', description_pt = E'\r@x' WHERE sku = 'T-1'`); err != nil {
		t.Fatal(err)
	}
	var exported bytes.Buffer
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		_, err := catalogueio.Export(ctx, db.New(tx), &exported, false)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(exported.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	guarded := 0
	for _, rec := range records[1:] {
		for j, cell := range rec {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("%s of %s is written as a formula: %q", catalogueio.Columns[j], rec[0], cell)
			}
			if strings.HasPrefix(cell, "'") {
				guarded++
			}
		}
	}
	// Four names, in three columns each, and the two descriptions; the
	// plain quote is left as it is.
	if guarded != 4*3+2+3 {
		t.Errorf("%d cells start with a quote, want %d", guarded, 4*3+2+3)
	}
	if _, err := pool.Exec(ctx, `UPDATE products SET description = '', description_pt = '' WHERE sku = 'T-1'`); err != nil {
		t.Fatal(err)
	}
	exported.Reset()
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		_, err := catalogueio.Export(ctx, db.New(tx), &exported, false)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if same := run(t, pool, exported.Bytes()); same.Status != "succeeded" || same.Updated != 0 {
		t.Fatalf("importing the export: %+v", same)
	}
	for i, name := range names {
		var got string
		if err := pool.QueryRow(ctx, `SELECT name FROM products WHERE sku = $1`, fmt.Sprintf("T-%d", i)).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != name {
			t.Errorf("T-%d is named %q after the round trip, want %q", i, got, name)
		}
	}
}

// A broken line is a problem at its line and character, not a panic
// (an error in a line's first field left no field position to read).
func TestMalformedLine(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	good := sample(t, 3, nil)
	lines := bytes.SplitAfter(good, []byte("\n"))
	for _, tc := range []struct {
		name, line string
		wantLine   int
		reason     string
	}{
		{"bare quote in an unquoted field", `T"9,C9,,Brand` + "\n", 3, "CSV_BARE_QUOTE"},
		{"unterminated quote", `"T-9,C9,,Brand` + "\n", 3, "CSV_QUOTE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := slices.Concat(lines[0], lines[1], []byte(tc.line), lines[2], lines[3])
			plan, err := catalogueio.Check(context.Background(), db.New(pool), bytes.NewReader(file))
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Problems) != 1 {
				t.Fatalf("problems %+v", plan.Problems)
			}
			p := plan.Problems[0]
			if p.Line != tc.wantLine || p.Reason != tc.reason || p.Metadata["position"] == "" || p.Metadata["error_line"] == "" {
				t.Errorf("problem %+v, want line %d, %s and a position", p, tc.wantLine, tc.reason)
			}
		})
	}
}

// A report lists the first 1 000 problems in line order and counts them
// all, with every line in the row count; the rest are not kept.
func TestProblemsListedAndCounted(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	const n = 1500
	file := sample(t, n, func(i int, row map[string]string) {
		if i%5 != 0 {
			row["stock"] = "-1"
		}
	})
	plan, err := catalogueio.Check(context.Background(), db.New(pool), bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if plan.ProblemCount != n-n/5 || len(plan.Problems) != catalogueio.MaxListedProblems || plan.Rows != n || plan.Creates != n/5 {
		t.Fatalf("%d problems counted, %d listed, %d rows, %d creates; want %d, %d, %d, %d",
			plan.ProblemCount, len(plan.Problems), plan.Rows, plan.Creates, n-n/5, catalogueio.MaxListedProblems, n, n/5)
	}
	if !slices.IsSortedFunc(plan.Problems, func(a, b catalogueio.Problem) int { return a.Line - b.Line }) || plan.Problems[0].Line != 2 {
		t.Errorf("problems not listed from line 2 in line order: first %+v", plan.Problems[0])
	}
}

// An import copies its rows a batch at a time as they pass: a problem in
// the file's last line, batches after the first ones were copied, still
// leaves the catalogue as it was and no rows behind.
func TestLateProblemWritesNothing(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	const n = 4500
	products := count(t, pool, `SELECT count(*) FROM products`)
	refused := run(t, pool, sample(t, n, func(i int, row map[string]string) {
		if i == n {
			row["vat_rate"] = "treinta"
		}
	}))
	if refused.Status != "failed" || refused.ProblemCount != 1 || refused.RowsTotal != n {
		t.Fatalf("import with a bad last line: %s, %d problems, %d rows; want failed, 1, %d",
			refused.Status, refused.ProblemCount, refused.RowsTotal, n)
	}
	if c := count(t, pool, `SELECT count(*) FROM products`); c != products {
		t.Errorf("the refused import wrote %d products", c-products)
	}
	if c := count(t, pool, `SELECT count(*) FROM catalogue_import_rows`); c != 0 {
		t.Errorf("%d rows left in catalogue_import_rows", c)
	}
}

// TestShippingWeight: the file carries each product's shipping weight (empty
// for unknown), an import sets and changes it, and a weight out of range is
// refused at its column with the form's reason.
func TestShippingWeight(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	weight := func(sku string) *int32 {
		t.Helper()
		var g *int32
		if err := pool.QueryRow(ctx, `SELECT shipping_weight_grams FROM products WHERE sku = $1`, sku).Scan(&g); err != nil {
			t.Fatal(err)
		}
		return g
	}
	if done := run(t, pool, sample(t, 2, func(i int, row map[string]string) {
		row["shipping_weight_grams"] = map[int]string{1: "750", 2: ""}[i]
	})); done.Status != "succeeded" {
		t.Fatalf("import: %+v", done)
	}
	if g := weight("T-1"); g == nil || *g != 750 {
		t.Errorf("T-1 weighs %v, want 750", g)
	}
	if g := weight("T-2"); g != nil {
		t.Errorf("T-2 weighs %v, want unknown", *g)
	}
	if done := run(t, pool, sample(t, 2, func(i int, row map[string]string) {
		row["shipping_weight_grams"] = map[int]string{1: "1200", 2: "300"}[i]
	})); done.Status != "succeeded" || done.Updated != 2 {
		t.Fatalf("re-import with new weights: %+v", done)
	}
	if g := weight("T-2"); g == nil || *g != 300 {
		t.Errorf("T-2 weighs %v after the re-import, want 300", g)
	}
	plan, err := catalogueio.Check(ctx, db.New(pool), bytes.NewReader(sample(t, 1, func(_ int, row map[string]string) {
		row["shipping_weight_grams"] = "60000"
	})))
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Problems) != 1 || plan.Problems[0].Column != "shipping_weight_grams" || plan.Problems[0].Reason != "INVALID_WEIGHT" {
		t.Errorf("60 kg: %+v, want INVALID_WEIGHT at shipping_weight_grams", plan.Problems)
	}
}

// TestSeparator: a spreadsheet set to Spanish saves "CSV" with semicolons
// (its decimal mark is the comma); the header tells which a file uses.
func TestSeparator(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, start string
		want        rune
	}{
		{"commas", "sku,name_es,price\nA,\"Pan; de queso\",1.50\n", ','},
		{"semicolons", "sku;name_es;price\nA;Pan, de queso;1,50\n", ';'},
		{"semicolons inside a quoted name do not count", "\"a;b;c\",sku,price\n", ','},
		{"one column", "sku\n", ','},
		{"no line end", "sku;price", ';'},
		{"only the header is read", "sku,price\n;;;;;;\n", ','},
	} {
		if got := catalogueio.Separator([]byte(tc.start)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestSemicolonFileChecksAsTheCommaOne: the same rows saved by a Spanish
// spreadsheet (semicolons, decimal commas, a byte order mark) check the
// same as the comma file, and their errors are found the same.
func TestSemicolonFileChecksAsTheCommaOne(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	edit := func(i int, row map[string]string) {
		row["price"] = strings.Replace(row["price"], ".", ",", 1)
		if i == 3 {
			row["category"] = "bebida"
		}
	}
	comma := sample(t, 5, edit)
	records, err := csv.NewReader(bytes.NewReader(comma)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	w := csv.NewWriter(&buf)
	w.Comma = ';'
	if err := w.WriteAll(records); err != nil {
		t.Fatal(err)
	}
	for name, file := range map[string][]byte{"comma": comma, "semicolon": buf.Bytes()} {
		plan, err := catalogueio.Check(ctx, db.New(pool), bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		if plan.Rows != 5 || plan.ProblemCount != 1 || plan.Problems[0].Line != 4 || plan.Problems[0].Column != "category" ||
			plan.Problems[0].Metadata["value"] != "bebida" {
			t.Errorf("%s: %d rows, problems %+v", name, plan.Rows, plan.Problems)
		}
	}
}

// TestSafetyColumns: a cosmetic's safety information (GPSR art. 19: the
// manufacturer, the EU responsible person, the warnings) goes in by file,
// comes out in the export and reads back unchanged; a file that empties
// the columns erases it, one written before the columns existed leaves it;
// and the dry run names each bad value at its column.
func TestSafetyColumns(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	safety := map[string]string{
		"manufacturer_name": "Natura Cosméticos S.A.", "manufacturer_address": "Av. Alexandre Colares 1188, São Paulo",
		"manufacturer_contact": "sac@natura.example", "manufacturer_country": "br",
		"responsible_name": "Natura Cosméticos España S.L.", "responsible_address": "Calle Serrano 1, 28001 Madrid",
		"responsible_contact": "info@natura.example", "warnings_es": "Evítese el contacto con los ojos.\nUso externo.",
		"warnings_pt": "Evitar o contacto com os olhos.",
	}
	// Row 3 is a beauty product (SampleRow).
	if done := run(t, pool, sample(t, 3, func(i int, row map[string]string) {
		if i == 3 {
			maps.Copy(row, safety)
		}
	})); done.Status != "succeeded" {
		t.Fatalf("import: %+v", done)
	}
	stored := func() (row db.ProductSafety, ok bool) {
		t.Helper()
		err := pool.QueryRow(ctx, `SELECT sf.* FROM product_safety sf JOIN products p ON p.id = sf.product_id WHERE p.sku = 'T-3'`).Scan(
			&row.ProductID, &row.ManufacturerName, &row.ManufacturerAddress, &row.ManufacturerContact, &row.ManufacturerCountry,
			&row.ResponsibleName, &row.ResponsibleAddress, &row.ResponsibleContact, &row.WarningsEs, &row.WarningsPt,
			&row.UpdatedBy, &row.UpdatedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return row, false
		}
		if err != nil {
			t.Fatal(err)
		}
		return row, true
	}
	first, ok := stored()
	if !ok || first.ManufacturerName != safety["manufacturer_name"] || first.ManufacturerCountry != "BR" ||
		first.ResponsibleName != safety["responsible_name"] || first.WarningsEs != safety["warnings_es"] || first.WarningsPt != safety["warnings_pt"] {
		t.Fatalf("stored safety information: %+v (found %v)", first, ok)
	}
	if n := count(t, pool, `SELECT count(*) FROM product_safety`); n != 1 {
		t.Errorf("%d products have safety information, want only T-3", n)
	}

	export := func() [][]string {
		t.Helper()
		var out bytes.Buffer
		err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			_, err := catalogueio.Export(ctx, db.New(tx), &out, false)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		records, err := csv.NewReader(&out).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return records
	}
	write := func(records [][]string) []byte {
		t.Helper()
		var buf bytes.Buffer
		cw := csv.NewWriter(&buf)
		if err := cw.WriteAll(records); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	records := export()
	column := func(name string) int { return slices.Index(records[0], name) }
	for c, v := range safety {
		if c == "manufacturer_country" {
			v = "BR"
		}
		if got := records[3][column(c)]; got != v {
			t.Errorf("exported %s of T-3 = %q, want %q", c, got, v)
		}
	}
	if again := run(t, pool, write(records)); again.Status != "succeeded" {
		t.Fatalf("importing the export: %+v", again)
	}
	same, _ := stored()
	if same.UpdatedBy == nil || *same.UpdatedBy != *first.UpdatedBy {
		t.Errorf("the round trip rewrote the safety information as another admin's")
	}
	if same.UpdatedBy, first.UpdatedBy = nil, nil; same != first {
		t.Errorf("the round trip rewrote the safety information:\n got %+v\nwant %+v", same, first)
	}

	// A file from before the safety columns leaves the information alone.
	var old [][]string
	for _, rec := range records {
		var kept []string
		for j, cell := range rec {
			if !strings.HasPrefix(records[0][j], "manufacturer_") && !strings.HasPrefix(records[0][j], "responsible_") &&
				!strings.HasPrefix(records[0][j], "warnings_") {
				kept = append(kept, cell)
			}
		}
		old = append(old, kept)
	}
	if done := run(t, pool, write(old)); done.Status != "succeeded" {
		t.Fatalf("importing a file without the safety columns: %+v", done)
	}
	if _, ok := stored(); !ok {
		t.Error("a file without the safety columns erased T-3's safety information")
	}
	// Emptied in a file that has the columns, it is erased.
	for c := range safety {
		records[3][column(c)] = ""
	}
	if done := run(t, pool, write(records)); done.Status != "succeeded" {
		t.Fatalf("importing the emptied columns: %+v", done)
	}
	if _, ok := stored(); ok {
		t.Error("T-3 keeps safety information its row no longer has")
	}

	plan, err := catalogueio.Check(ctx, db.New(pool), bytes.NewReader(sample(t, 3, func(i int, row map[string]string) {
		switch i {
		case 1: // a food
			row["manufacturer_name"] = "Natura"
		case 3:
			maps.Copy(row, safety)
			row["manufacturer_country"], row["warnings_es"] = "Brasil", strings.Repeat("x", 2001)
		}
	})))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range plan.Problems {
		got = append(got, fmt.Sprintf("%d %s %s %s %s", p.Line, p.Column, p.Reason, p.Metadata["rule"], p.Metadata["max"]))
	}
	want := []string{
		"2  SAFETY_ON_FOOD  ",
		"4 manufacturer_country INVALID_VALUE string.pattern ",
		"4 warnings_es INVALID_VALUE string.max_len 2000",
	}
	if !slices.Equal(got, want) {
		t.Errorf("dry run problems:\n got %q\nwant %q", got, want)
	}
}

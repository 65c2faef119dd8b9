package systemtest

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"testing"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/catalogueio"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// csvSample is a generated catalogue file of n rows (SKUs ST-1…), with
// edit changing row i (from 1) before it is written.
func csvSample(t *testing.T, n int, edit func(i int, row map[string]string)) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.Write(catalogueio.Columns); err != nil {
		t.Fatal(err)
	}
	record := make([]string, len(catalogueio.Columns))
	for i := 1; i <= n; i++ {
		row := catalogueio.SampleRow(i, "ST")
		if edit != nil {
			edit(i, row)
		}
		for j, c := range catalogueio.Columns {
			record[j] = row[c]
		}
		if err := w.Write(record); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	return buf.Bytes()
}

// uploadCSV sends data to shopd in pieces of 1 MiB, as the back office
// does, and returns the upload's id.
func uploadCSV(t *testing.T, admin saboresv1connect.AdminCatalogueImportServiceClient, data []byte) int64 {
	t.Helper()
	var id int64
	for seq := int32(0); len(data) > 0; seq++ {
		piece := data[:min(catalogueio.MaxChunkBytes, len(data))]
		res, err := admin.UploadCatalogueChunk(context.Background(), connect.NewRequest(&saboresv1.UploadCatalogueChunkRequest{
			UploadId: id, Seq: seq, Chunk: piece}))
		if err != nil {
			t.Fatalf("piece %d: %v", seq, err)
		}
		id, data = res.Msg.GetUploadId(), data[len(piece):]
	}
	return id
}

// TestCatalogueCSVThroughShopd walks issue 15's CSV RPCs through the whole
// shopd as the back office calls them: the export streams the catalogue
// and is audited; a file of several megabytes goes up in pieces of 1 MiB
// (no request carries more; a retried piece changes nothing, a gap is
// refused); its dry run names its bad row by line and column and writes
// nothing; a file that is not the catalogue's is refused before it is
// queued; a good file is queued and audited, and once its job has
// run (here called as the worker calls it) GetCatalogueImport reports it
// done and the import is audited too.
func TestCatalogueCSVThroughShopd(t *testing.T) {
	t.Parallel()
	direct := dbtest.NewSeeded(t)
	ctx := context.Background()
	var adminID int64
	if err := direct.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	shop := newTestShop(t, dbtest.URL(direct), io.Discard)
	session := client(sessionFor(t, direct, adminID))
	admin := saboresv1connect.NewAdminCatalogueImportServiceClient(session, shop.URL)
	// The back office speaks JSON: a full piece, base64-encoded, fits the
	// piece RPC's read limit.
	browser := saboresv1connect.NewAdminCatalogueImportServiceClient(session, shop.URL, connect.WithProtoJSON())
	count := func(sql string, args ...any) int {
		t.Helper()
		var n int
		if err := direct.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	// The export: the whole catalogue, a byte order mark first, audited
	// with its row count.
	stream, err := admin.ExportCatalogue(ctx, connect.NewRequest(&saboresv1.ExportCatalogueRequest{Bom: true}))
	if err != nil {
		t.Fatal(err)
	}
	var exported bytes.Buffer
	for stream.Receive() {
		exported.Write(stream.Msg().GetChunk())
	}
	if err := stream.Err(); err != nil {
		t.Fatalf("export: %v", err)
	}
	if err := stream.Close(); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(exported.Bytes(), []byte("\uFEFF")))).ReadAll()
	if err != nil || !bytes.HasPrefix(exported.Bytes(), []byte("\uFEFFsku,")) {
		t.Fatalf("export %q…: %v", exported.Bytes()[:min(40, exported.Len())], err)
	}
	if products := count(`SELECT count(*) FROM products`); len(records)-1 != products {
		t.Errorf("export has %d rows, the shop %d products", len(records)-1, products)
	}
	if n := count(`SELECT count(*) FROM audit_events WHERE action = 'catalogue.export' AND actor_user_id = $1
		AND (new_value->>'rows')::int = $2`, adminID, len(records)-1); n != 1 {
		t.Errorf("%d catalogue.export audit rows with the row count, want 1", n)
	}

	// The dry run of a file with one bad row: named, nothing written.
	const n = 4000
	good := csvSample(t, n, nil)
	if len(good) <= 1<<20 {
		t.Fatalf("the test file is %d bytes, want it past the 1 MiB cap of other RPCs", len(good))
	}
	bad := csvSample(t, n, func(i int, row map[string]string) {
		if i == 1234 {
			row["price"] = "doce euros"
		}
	})
	badUpload, goodUpload := uploadCSV(t, admin, bad), uploadCSV(t, browser, good)
	retry, err := admin.UploadCatalogueChunk(ctx, connect.NewRequest(&saboresv1.UploadCatalogueChunkRequest{
		UploadId: goodUpload, Seq: 1, Chunk: good[catalogueio.MaxChunkBytes:min(2*catalogueio.MaxChunkBytes, len(good))]}))
	if err != nil || retry.Msg.GetBytes() != int64(len(good)) {
		t.Fatalf("a retried piece: %v, %v; want the upload unchanged", retry, err)
	}
	_, err = admin.UploadCatalogueChunk(ctx, connect.NewRequest(&saboresv1.UploadCatalogueChunkRequest{
		UploadId: goodUpload, Seq: retry.Msg.GetChunks() + 1, Chunk: []byte("x")}))
	if reason(err) != "CHUNK_GAP" {
		t.Errorf("a piece past the next one: %v, want CHUNK_GAP", err)
	}
	_, err = admin.UploadCatalogueChunk(ctx, connect.NewRequest(&saboresv1.UploadCatalogueChunkRequest{
		Seq: 0, Chunk: good[:catalogueio.MaxChunkBytes+1]}))
	if connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("a piece past 1 MiB: %v, want InvalidArgument", err)
	}
	coloursUpload := uploadCSV(t, admin, []byte("sku,colour\nA,red\n"))
	before := tablesChecksum(t, direct)
	report, err := admin.DryRunCatalogueImport(ctx, connect.NewRequest(&saboresv1.DryRunCatalogueImportRequest{FileName: "bad.csv", UploadId: badUpload}))
	if err != nil {
		t.Fatalf("dry run: %v", err)
	}
	if ps := report.Msg.GetProblems(); report.Msg.GetProblemCount() != 1 || len(ps) != 1 ||
		ps[0].GetLine() != 1235 || ps[0].GetColumn() != "price" || ps[0].GetReason() != "INVALID_PRICE" ||
		report.Msg.GetRows() != n || report.Msg.GetCreates() != n-1 {
		t.Errorf("dry run of the bad file: %v", report.Msg)
	}
	report, err = admin.DryRunCatalogueImport(ctx, connect.NewRequest(&saboresv1.DryRunCatalogueImportRequest{FileName: "good.csv", UploadId: goodUpload}))
	if err != nil || report.Msg.GetProblemCount() != 0 || report.Msg.GetCreates() != n {
		t.Errorf("dry run of the good file: %v, %v", report, err)
	}
	_, err = admin.StartCatalogueImport(ctx, connect.NewRequest(&saboresv1.StartCatalogueImportRequest{FileName: "colours.csv", UploadId: coloursUpload}))
	if connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("import of a file that is not the catalogue's: %v, want InvalidArgument", err)
	}
	if tablesChecksum(t, direct) != before {
		t.Error("the dry runs or the refused import changed the database")
	}

	// The import: stored, queued and audited in one go.
	started, err := admin.StartCatalogueImport(ctx, connect.NewRequest(&saboresv1.StartCatalogueImportRequest{FileName: "good.csv", UploadId: goodUpload}))
	if err != nil {
		t.Fatalf("start import: %v", err)
	}
	job := started.Msg.GetImport()
	if job.GetStatus() != saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_QUEUED || job.GetFileName() != "good.csv" {
		t.Errorf("started %v", job)
	}
	entity := "catalogue_import:" + strconv.FormatInt(job.GetId(), 10)
	if got := count(`SELECT count(*) FROM audit_events WHERE action = 'catalogue.import.start' AND entity = $1
		AND actor_user_id = $2 AND new_value->>'file_name' = 'good.csv'`, entity, adminID); got != 1 {
		t.Errorf("%d catalogue.import.start audit rows, want 1", got)
	}
	if got := count(`SELECT count(*) FROM river_job WHERE kind = 'catalogue_import' AND (args->>'import_id')::bigint = $1`, job.GetId()); got != 1 {
		t.Errorf("%d jobs queued for the import, want 1", got)
	}
	if err := catalogueio.Run(ctx, direct, job.GetId(), slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	got, err := admin.GetCatalogueImport(ctx, connect.NewRequest(&saboresv1.GetCatalogueImportRequest{Id: job.GetId()}))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.Msg.GetImport(); g.GetStatus() != saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_SUCCEEDED ||
		g.GetProgressPercent() != 100 || g.GetCreated() != n || g.GetRows() != n || g.GetFinishedAt() == nil {
		t.Errorf("import after its job: %v", g)
	}
	if got := count(`SELECT count(*) FROM audit_events WHERE action = 'catalogue.import' AND entity = $1 AND actor_user_id = $2
		AND (new_value->>'created')::int = $3`, entity, adminID, n); got != 1 {
		t.Errorf("%d catalogue.import audit rows, want 1", got)
	}
	if got := count(`SELECT count(*) FROM catalogue_uploads WHERE id = $1`, goodUpload); got != 0 {
		t.Errorf("the imported file is still kept")
	}
	_, err = admin.GetCatalogueImport(ctx, connect.NewRequest(&saboresv1.GetCatalogueImportRequest{Id: job.GetId() + 1000}))
	if connecttest.Code(err) != connect.CodeNotFound {
		t.Errorf("an import that does not exist: %v, want NotFound", err)
	}
}

// reason is the ErrorInfo reason of a Connect error, "" for none.
func reason(err error) string {
	var ce *connect.Error
	if !errors.As(err, &ce) {
		return ""
	}
	for _, d := range ce.Details() {
		if v, derr := d.Value(); derr == nil {
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				return info.GetReason()
			}
		}
	}
	return ""
}

package catalogueio_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/sabores/sabores/backend/internal/catalogueio"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// A file sent in pieces reads back whole, in order, whatever the pieces
// split (here the byte order mark and every ñ and ç), and the dry run
// sees the same file as one sent at once.
func TestUploadReadsBackInOrder(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	for _, tc := range []struct{ rows, size int }{{2, 2}, {300, 997}} {
		file := append([]byte("\uFEFF"), sample(t, tc.rows, func(_ int, row map[string]string) {
			row["name_es"], row["name_pt"] = "Piñata de maçã", "Pinhata de maçã"
		})...)
		userID, id := upload(t, pool, file, tc.size)
		content, size, err := catalogueio.OpenUpload(ctx, db.New(pool), userID, id, false)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(content)
		if err != nil || !bytes.Equal(got, file) || size != int64(len(file)) {
			t.Fatalf("read back %d bytes (%v), size %d; want the %d bytes sent", len(got), err, size, len(file))
		}
		content, _, err = catalogueio.OpenUpload(ctx, db.New(pool), userID, id, false)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := catalogueio.Check(ctx, db.New(pool), content)
		if err != nil || len(plan.Problems) > 0 || plan.Creates != tc.rows {
			t.Fatalf("dry run of the upload in pieces of %d: %v, problems %v, %d creates", tc.size, err, plan.Problems, plan.Creates)
		}
	}
}

// Pieces come in order: a retry of a stored piece changes nothing, other
// bytes or a gap are refused with a reason, and so are another admin's
// upload, an upload already imported, and a file past the cap.
func TestUploadRefusals(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	userID, id := upload(t, pool, []byte("sku,code\nA,1\n"), 5)
	reason := func(err error) string {
		var r *catalogueio.UploadRefusal
		if errors.As(err, &r) {
			return r.Reason
		}
		return "no refusal: " + errString(err)
	}

	up, err := catalogueio.AddChunk(ctx, pool, userID, id, 1, []byte("ode\nA"))
	if err != nil || up.Chunks != 3 || up.Bytes != 13 {
		t.Errorf("retry of piece 1: %+v, %v; want 3 pieces, 13 bytes, no error", up, err)
	}
	for _, tc := range []struct {
		name   string
		user   int64
		seq    int32
		piece  string
		reason string
	}{
		{"other bytes at a stored seq", userID, 1, "ODE\nA", catalogueio.ReasonChunkConflict},
		{"a gap", userID, 4, "B,2\n", catalogueio.ReasonChunkGap},
		{"another admin's upload", userID + 1000, 3, "B,2\n", catalogueio.ReasonUploadNotFound},
	} {
		_, err := catalogueio.AddChunk(ctx, pool, tc.user, id, tc.seq, []byte(tc.piece))
		if got := reason(err); got != tc.reason {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.reason)
		}
	}
	if _, _, err := catalogueio.OpenUpload(ctx, db.New(pool), userID+1000, id, false); reason(err) != catalogueio.ReasonUploadNotFound {
		t.Errorf("another admin reads the upload: %v", err)
	}

	if _, err := db.New(pool).CreateCatalogueImport(ctx, db.CreateCatalogueImportParams{
		FileName: "a.csv", UploadID: id, CreatedBy: &userID, CreatedByActor: "admin@sabores.es"}); err != nil {
		t.Fatal(err)
	}
	if _, err := catalogueio.AddChunk(ctx, pool, userID, id, 3, []byte("B,2\n")); reason(err) != catalogueio.ReasonUploadImported {
		t.Errorf("a piece after the import: %v", err)
	}
	if _, _, err := catalogueio.OpenUpload(ctx, db.New(pool), userID, id, true); reason(err) != catalogueio.ReasonUploadImported {
		t.Errorf("a second import of the upload: %v", err)
	}

	piece := bytes.Repeat([]byte("x"), catalogueio.MaxChunkBytes)
	up = catalogueio.Upload{}
	for seq := range int32(catalogueio.MaxUploadBytes / catalogueio.MaxChunkBytes) {
		if up, err = catalogueio.AddChunk(ctx, pool, userID, up.ID, seq, piece); err != nil {
			t.Fatalf("piece %d of an 80 MiB file: %v", seq, err)
		}
	}
	if _, err := catalogueio.AddChunk(ctx, pool, userID, up.ID, up.Chunks, []byte("x")); reason(err) != catalogueio.ReasonUploadTooLarge {
		t.Errorf("a byte past the cap: %v", err)
	}
}

// An upload nobody imported is pruned when a day later another starts;
// one an import waits for is kept.
func TestUploadsPruned(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	_, left := upload(t, pool, []byte("left behind"), 4)
	waiting := queue(t, pool, "w.csv", []byte("waiting"))
	if _, err := pool.Exec(ctx, `UPDATE catalogue_uploads SET created_at = now() - interval '25 hours'`); err != nil {
		t.Fatal(err)
	}
	_, fresh := upload(t, pool, []byte("fresh"), 4)
	var ids []int64
	rows, err := pool.Query(ctx, `SELECT id FROM catalogue_uploads ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	var waitingUpload int64
	if err := pool.QueryRow(ctx, `SELECT upload_id FROM catalogue_imports WHERE id = $1`, waiting).Scan(&waitingUpload); err != nil {
		t.Fatal(err)
	}
	if len(ids) != 2 || ids[0] != waitingUpload || ids[1] != fresh {
		t.Errorf("uploads kept %v, want the waiting import's %d and the fresh %d (not %d)", ids, waitingUpload, fresh, left)
	}
	if n := count(t, pool, `SELECT count(*) FROM catalogue_upload_chunks`); n != 1+2 {
		t.Errorf("%d pieces kept, want 3", n)
	}
}

func errString(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}

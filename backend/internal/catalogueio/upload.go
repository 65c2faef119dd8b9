package catalogueio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// MaxUploadBytes caps a file: 100 000 products with their food information
// are about 45 MB.
const MaxUploadBytes = 80 << 20

// MaxChunkBytes caps one piece of a file: a request stays small whatever
// the file.
const MaxChunkBytes = 1 << 20

// uploadLife is how long an upload nobody imported is kept: long enough to
// read a dry run's report and fix the file, then it goes.
const uploadLife = 24 * time.Hour

// The reasons an upload refuses a piece or a file.
const (
	ReasonUploadNotFound = "UPLOAD_NOT_FOUND"
	ReasonUploadImported = "UPLOAD_IMPORTED"
	ReasonChunkGap       = "CHUNK_GAP"
	ReasonChunkConflict  = "CHUNK_CONFLICT"
	ReasonUploadTooLarge = "UPLOAD_TOO_LARGE"
)

// UploadRefusal is a piece or an upload refused, with the reason the back
// office words (apperr maps it to FailedPrecondition, or ResourceExhausted
// for a file past the cap).
type UploadRefusal struct {
	Reason   string
	Message  string
	Metadata map[string]string
}

func (r *UploadRefusal) Error() string { return "catalogueio: " + r.Message }

// Fault carries the figures (the next seq, the cap); a file past the cap is
// Exhausted: the caller must send a smaller file, not retry the piece.
func (r *UploadRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: map[bool]fault.Kind{false: fault.Refused, true: fault.Exhausted}[r.Reason == ReasonUploadTooLarge], Reason: r.Reason, Message: r.Error(), Metadata: r.Metadata}
}

// Upload is an upload's totals after a piece.
type Upload struct {
	ID     int64
	Chunks int32
	Bytes  int64
}

// AddChunk stores piece seq of upload id for the admin userID, in its own
// transaction; id 0 (with seq 0) starts a new upload, and prunes the
// uploads left behind. Pieces come in order: the same piece again is a
// retry and changes nothing, other bytes at a stored seq or a seq past the
// next one are refused, as are a file past MaxUploadBytes and a piece of
// an upload already imported or of another admin's.
func AddChunk(ctx context.Context, pool *pgxpool.Pool, userID, id int64, seq int32, chunk []byte) (Upload, error) {
	var up Upload
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if id == 0 {
			if _, err := q.PruneCatalogueUploads(ctx, time.Now().Add(-uploadLife)); err != nil {
				return fmt.Errorf("catalogueio: prune uploads: %w", err)
			}
			newID, err := q.CreateCatalogueUpload(ctx, userID)
			if err != nil {
				return fmt.Errorf("catalogueio: start upload: %w", err)
			}
			if err := q.AddCatalogueUploadChunk(ctx, db.AddCatalogueUploadChunkParams{UploadID: newID, Seq: 0, Content: chunk}); err != nil {
				return fmt.Errorf("catalogueio: store piece 0 of upload %d: %w", newID, err)
			}
			up = Upload{ID: newID, Chunks: 1, Bytes: int64(len(chunk))}
			return nil
		}
		row, err := q.LockCatalogueUpload(ctx, id)
		if err != nil {
			return uploadError(id, err)
		}
		if row.CreatedBy != userID {
			return notFound(id)
		}
		if row.Imported {
			return &UploadRefusal{Reason: ReasonUploadImported, Message: fmt.Sprintf("upload %d is imported already", id)}
		}
		up = Upload{ID: id, Chunks: row.Chunks, Bytes: row.Bytes}
		switch next := strconv.Itoa(int(row.Chunks)); {
		case seq < row.Chunks:
			stored, err := q.CatalogueUploadChunk(ctx, db.CatalogueUploadChunkParams{UploadID: id, Seq: seq})
			if err != nil {
				return fmt.Errorf("catalogueio: read piece %d of upload %d: %w", seq, id, err)
			}
			if !bytes.Equal(stored, chunk) {
				return &UploadRefusal{Reason: ReasonChunkConflict, Metadata: map[string]string{"next_seq": next},
					Message: fmt.Sprintf("piece %d of upload %d is stored with other bytes", seq, id)}
			}
			return nil
		case seq > row.Chunks:
			return &UploadRefusal{Reason: ReasonChunkGap, Metadata: map[string]string{"next_seq": next},
				Message: fmt.Sprintf("upload %d expects piece %s, not %d", id, next, seq)}
		case row.Bytes+int64(len(chunk)) > MaxUploadBytes:
			return &UploadRefusal{Reason: ReasonUploadTooLarge, Metadata: map[string]string{"max_bytes": strconv.Itoa(MaxUploadBytes)},
				Message: fmt.Sprintf("a file is at most %d bytes", MaxUploadBytes)}
		}
		if err := q.AddCatalogueUploadChunk(ctx, db.AddCatalogueUploadChunkParams{UploadID: id, Seq: seq, Content: chunk}); err != nil {
			return fmt.Errorf("catalogueio: store piece %d of upload %d: %w", seq, id, err)
		}
		up.Chunks, up.Bytes = up.Chunks+1, up.Bytes+int64(len(chunk))
		return nil
	})
	return up, err
}

// OpenUpload reads userID's upload id through q (in the caller's
// transaction) as one file, a piece at a time; lock also locks it, for an
// import about to take it, and refuses one already taken.
func OpenUpload(ctx context.Context, q *db.Queries, userID, id int64, lock bool) (io.Reader, int64, error) {
	var row db.GetCatalogueUploadRow
	var err error
	if lock {
		var locked db.LockCatalogueUploadRow
		locked, err = q.LockCatalogueUpload(ctx, id)
		row = db.GetCatalogueUploadRow(locked)
	} else {
		row, err = q.GetCatalogueUpload(ctx, id)
	}
	if err != nil {
		return nil, 0, uploadError(id, err)
	}
	if row.CreatedBy != userID {
		return nil, 0, notFound(id)
	}
	if lock && row.Imported {
		return nil, 0, &UploadRefusal{Reason: ReasonUploadImported, Message: fmt.Sprintf("upload %d is imported already", id)}
	}
	return &uploadReader{ctx: ctx, q: q, id: id, chunks: row.Chunks}, row.Bytes, nil
}

// uploadReader is an upload's pieces in order, read one at a time: memory
// holds a piece, never the file.
type uploadReader struct {
	ctx         context.Context
	q           *db.Queries
	id          int64
	seq, chunks int32
	piece       []byte
}

func (r *uploadReader) Read(p []byte) (int, error) {
	for len(r.piece) == 0 {
		if r.seq >= r.chunks {
			return 0, io.EOF
		}
		piece, err := r.q.CatalogueUploadChunk(r.ctx, db.CatalogueUploadChunkParams{UploadID: r.id, Seq: r.seq})
		if err != nil {
			return 0, fmt.Errorf("catalogueio: read piece %d of upload %d: %w", r.seq, r.id, err)
		}
		r.piece, r.seq = piece, r.seq+1
	}
	n := copy(p, r.piece)
	r.piece = r.piece[n:]
	return n, nil
}

func uploadError(id int64, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return notFound(id)
	}
	return fmt.Errorf("catalogueio: read upload %d: %w", id, err)
}

// notFound is the answer for an upload that is gone (pruned, imported) or
// another admin's: the two are not told apart.
func notFound(id int64) error {
	return &UploadRefusal{Reason: ReasonUploadNotFound, Message: fmt.Sprintf("upload %d does not exist; upload the file again", id)}
}

package catalogueio_test

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"testing"

	"github.com/sabores/sabores/backend/internal/catalogueio"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// heapReader measures the live heap each time a piece's worth of the file
// has been read through it.
type heapReader struct {
	r          io.Reader
	read, next int
	peak       uint64
	pieces     int
}

func (h *heapReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if h.read += n; h.read >= h.next {
		h.next += catalogueio.MaxChunkBytes
		h.pieces++
		h.peak = max(h.peak, liveHeap())
	}
	return n, err
}

// liveHeap is the bytes the heap holds after a collection: what is still
// referenced, not garbage waiting for the collector.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A file is checked a batch at a time, read a piece at a time (issue 29:
// a file held whole took shopd past 300 MB): while a file of many pieces
// is read, the live heap holds a batch and the first line of each of the
// file's codes, about half the file's size at 40 000 lines (a batch is a
// fixed few MB, the codes ~110 bytes a line of ~470). Reading every piece
// at once, or keeping every line (its text, ~1 KB of fields) or row until
// the end, holds more than the file's size.
func TestCheckHoldsABatchNotTheFile(t *testing.T) {
	// Not parallel: the other tests' allocations would count.
	pool := dbtest.New(t)
	ctx := context.Background()
	var file bytes.Buffer
	if err := catalogueio.WriteSample(&file, 40_000, "M"); err != nil {
		t.Fatal(err)
	}
	size := file.Len()
	userID, id := upload(t, pool, file.Bytes(), catalogueio.MaxChunkBytes)

	before := liveHeap()
	content, _, err := catalogueio.OpenUpload(ctx, db.New(pool), userID, id, false)
	if err != nil {
		t.Fatal(err)
	}
	measured := &heapReader{r: content, next: catalogueio.MaxChunkBytes}
	plan, err := catalogueio.Check(ctx, db.New(pool), measured)
	if err != nil {
		t.Fatal(err)
	}
	if plan.ProblemCount != 0 || plan.Creates != 40_000 {
		t.Fatalf("check: %d creates, %d problems %v", plan.Creates, plan.ProblemCount, plan.Problems)
	}
	growth := int64(measured.peak) - int64(before)
	t.Logf("a file of %d bytes in %d pieces: the live heap grew by at most %d bytes while it was read", size, measured.pieces, growth)
	if measured.pieces < 10 {
		t.Fatalf("the file was read in %d pieces; the test needs many", measured.pieces)
	}
	if growth > int64(size)*3/4 {
		t.Errorf("the live heap grew by %d bytes while a file of %d bytes was checked, want under 3/4 of the file", growth, size)
	}
}

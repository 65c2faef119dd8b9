package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// boExportRun is the catalogue CSV export of the seeded shop: issue 19
// reports the export by throughput, not by p99, since it is one long
// stream rather than a page.
type boExportRun struct {
	Rows          int     `json:"rows"`
	Bytes         int64   `json:"bytes"`
	Seconds       float64 `json:"seconds"`
	RowsPerSecond float64 `json:"rows_per_second"`
	// Expected is the products the database holds (the seed's and the
	// sample catalogue's): the export must carry every one, or the rate
	// would flatter a short file.
	Expected int `json:"expected_rows"`
}

// boExport takes the whole catalogue out as the back office's download
// does, through shopd's streaming RPC, and counts the file's records with a
// CSV reader (a description may hold a line break, so lines are not rows).
func boExport(ctx context.Context, dsn, base string) (boExportRun, error) {
	var run boExportRun
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return run, err
	}
	err = conn.QueryRow(ctx, `SELECT count(*) FROM products`).Scan(&run.Expected)
	_ = conn.Close(ctx)
	if err != nil {
		return run, fmt.Errorf("count the products: %w", err)
	}
	client := saboresv1connect.NewAdminCatalogueImportServiceClient(boAdminHTTP(base, 10*time.Minute), base)
	started := time.Now()
	stream, err := client.ExportCatalogue(ctx, connect.NewRequest(&saboresv1.ExportCatalogueRequest{}))
	if err != nil {
		return run, fmt.Errorf("export: %w", err)
	}
	defer func() { _ = stream.Close() }()
	file := &streamReader{stream: stream}
	r := csv.NewReader(file)
	r.FieldsPerRecord = -1
	records := 0
	for {
		_, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return run, fmt.Errorf("export: record %d: %w", records+1, err)
		}
		records++
	}
	if err := stream.Err(); err != nil {
		return run, fmt.Errorf("export: %w", err)
	}
	run.Rows, run.Bytes, run.Seconds = records-1, file.n, time.Since(started).Seconds()
	if run.Rows != run.Expected {
		return run, fmt.Errorf("export: %d products in the file, want %d", run.Rows, run.Expected)
	}
	run.RowsPerSecond = float64(run.Rows) / run.Seconds
	return run, nil
}

// streamReader reads the export's chunks as one file.
type streamReader struct {
	stream *connect.ServerStreamForClient[saboresv1.ExportCatalogueResponse]
	rest   []byte
	n      int64
}

func (s *streamReader) Read(p []byte) (int, error) {
	for len(s.rest) == 0 {
		if !s.stream.Receive() {
			return 0, io.EOF
		}
		s.rest = s.stream.Msg().GetChunk()
		s.n += int64(len(s.rest))
	}
	n := copy(p, s.rest)
	s.rest = s.rest[n:]
	return n, nil
}

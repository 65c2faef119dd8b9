package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"log"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// bombs and bombSize are the security review's reproduction (issue 29):
// eight anonymous requests at once, each a gzip body of ~81 KB that
// decompresses to 80 MiB of JSON, to the catalogue import's dry run.
const (
	bombs    = 8
	bombSize = 80 << 20
)

// runBodiesOnly (`go run ./bench bodies`, ./task bench-bodies) starts
// shopd on a fresh database, fires the bombs and reports shopd's peak
// resident set and the slowest refusal. Target: under 150 MB.
func runBodiesOnly(ctx context.Context, cfg config, shopd string) error {
	const name = "sabores_bench_bodies"
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, name, "")
	if err != nil {
		return err
	}
	defer drop()
	srv, _, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(cfg.dir, "work", "shopd-bodies.log"))
	if err != nil {
		return err
	}
	defer srv.stop()
	idle, _ := srv.memory()

	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestCompression)
	_, _ = zw.Write([]byte(`{"csv":"`))
	chunk := bytes.Repeat([]byte("A"), 1<<20)
	for written := 0; written < bombSize-16; written += len(chunk) {
		_, _ = zw.Write(chunk)
	}
	_, _ = zw.Write([]byte(`"}`))
	if err := zw.Close(); err != nil {
		return err
	}
	url := srv.base + saboresv1connect.AdminCatalogueImportServiceDryRunCatalogueImportProcedure
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		slowest time.Duration
		codes   = map[int]int{}
	)
	for range bombs {
		wg.Go(func() {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(zipped.Bytes()))
			if err != nil {
				log.Print(err)
				return
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Content-Encoding", "gzip")
			start := time.Now()
			res, err := http.DefaultClient.Do(req)
			took := time.Since(start)
			mu.Lock()
			defer mu.Unlock()
			slowest = max(slowest, took)
			if err != nil {
				codes[0]++
				return
			}
			_ = res.Body.Close()
			codes[res.StatusCode]++
		})
	}
	wg.Wait()
	peak, _ := srv.memory()
	fmt.Printf("%d anonymous gzip bodies of %d bytes (%d MiB each decompressed): answers %v, slowest %v\n",
		bombs, zipped.Len(), bombSize>>20, codes, slowest.Round(time.Millisecond))
	fmt.Printf("shopd peak RSS: %.1f MB idle, %.1f MB after (target < 150 MB)\n", idle, peak)
	if peak >= 150 {
		return fmt.Errorf("peak RSS %.1f MB, want under 150 MB", peak)
	}
	return nil
}

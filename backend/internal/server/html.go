package server

import (
	"bytes"
	"compress/gzip"
	"hash/maphash"
	"net/http"
	"strconv"
	"sync"
)

// The pages' HTML is compressed on the way out: with their content in it
// (prerender.go) a page is tens of kilobytes, a third of a second on a slow
// phone network uncompressed. It is put together per request (preloads,
// metadata, the consent banner), so it cannot be compressed at build time
// like the assets; but most requests put together a page already sent, and
// compressing it again cost more CPU than everything else serving it did.
// A gzipCache keeps the compressed form of recent pages by their exact bytes:
// whatever a page is made of (a new render, a price in its metadata),
// different bytes are a different entry, so nothing needs invalidating.

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// gzipCacheBytes bounds the pages a gzipCache keeps, uncompressed and
// compressed together: a few hundred pages, a few MB of shopd's memory.
const gzipCacheBytes = 4 << 20

// gzipCache keeps compressed pages by their uncompressed bytes.
type gzipCache struct {
	seed maphash.Seed

	mu      sync.Mutex
	entries map[uint64]gzipEntry
	bytes   int
	// compressed counts the pages compressed, for tests.
	compressed int
}

type gzipEntry struct{ page, gz []byte }

func newGzipCache() *gzipCache {
	return &gzipCache{seed: maphash.MakeSeed(), entries: map[uint64]gzipEntry{}}
}

// get returns page compressed, from the cache when the same bytes were
// compressed before.
func (c *gzipCache) get(page []byte) []byte {
	h := maphash.Bytes(c.seed, page)
	c.mu.Lock()
	e, ok := c.entries[h]
	c.mu.Unlock()
	// The hash finds the entry, the bytes prove it.
	if ok && bytes.Equal(e.page, page) {
		return e.gz
	}
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&buf)
	_, _ = zw.Write(page)
	_ = zw.Close()
	gzipWriters.Put(zw)
	gz := bytes.Clone(buf.Bytes())
	size := len(page) + len(gz)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.compressed++
	if size > gzipCacheBytes/4 {
		return gz
	}
	for k, old := range c.entries {
		if c.bytes+size <= gzipCacheBytes {
			break
		}
		c.bytes -= len(old.page) + len(old.gz)
		delete(c.entries, k)
	}
	if old, ok := c.entries[h]; ok {
		c.bytes -= len(old.page) + len(old.gz)
	}
	// page is the caller's: keep a copy nobody else writes to.
	c.entries[h] = gzipEntry{page: bytes.Clone(page), gz: gz}
	c.bytes += size
	return gz
}

// serveHTML sends page, gzip-compressed (through gzipped) when the client
// accepts it.
func serveHTML(w http.ResponseWriter, r *http.Request, page []byte, gzipped *gzipCache) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Add("Vary", "Accept-Encoding")
	if !acceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Length", strconv.Itoa(len(page)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(page)
		}
		return
	}
	gz := gzipped.get(page)
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(len(gz)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(gz)
	}
}

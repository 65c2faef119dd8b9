package server

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"sync"
)

// The pages' HTML is compressed on the way out: with their content in it
// (prerender.go) a page is tens of kilobytes, a third of a second on a slow
// phone network uncompressed. It changes per request (preloads, metadata),
// so it cannot be compressed at build time like the assets.

var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return w
}}

// serveHTML sends page, gzip-compressed when the client accepts it.
func serveHTML(w http.ResponseWriter, r *http.Request, page []byte) {
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
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(&buf)
	_, _ = zw.Write(page)
	_ = zw.Close()
	gzipWriters.Put(zw)
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
}

package server

import (
	"io"
	"net/http"
	"testing"
	"testing/fstest"
)

func TestAssetsArePrecompressed(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><html><head></head><body></body></html>")},
		"assets/app-1.js":       {Data: []byte("plain javascript")},
		"assets/app-1.js.br":    {Data: []byte("brotli bytes")},
		"assets/app-1.js.gz":    {Data: []byte("gzip bytes")},
		"assets/tiny-1.js":      {Data: []byte("small, sent as is")},
		"assets/style-1.css":    {Data: []byte("plain css")},
		"assets/style-1.css.gz": {Data: []byte("gzip css")},
	}
	b := setup(t, Options{Frontend: files})
	tests := []struct {
		name, path, accept     string
		wantBody, wantEncoding string
		wantType               string
	}{
		{"brotli first", "/assets/app-1.js", "gzip, deflate, br, zstd", "brotli bytes", "br", "text/javascript; charset=utf-8"},
		{"gzip when brotli is not accepted", "/assets/app-1.js", "gzip, deflate", "gzip bytes", "gzip", "text/javascript; charset=utf-8"},
		{"brotli refused with q=0", "/assets/app-1.js", "br;q=0, gzip", "gzip bytes", "gzip", "text/javascript; charset=utf-8"},
		{"no encoding accepted", "/assets/app-1.js", "identity", "plain javascript", "", "text/javascript; charset=utf-8"},
		{"no compressed copy", "/assets/tiny-1.js", "br, gzip", "small, sent as is", "", "text/javascript; charset=utf-8"},
		{"only a gzip copy", "/assets/style-1.css", "br, gzip", "gzip css", "gzip", "text/css; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, b.url+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Set by hand, so the client hands over the bytes as sent.
			req.Header.Set("Accept-Encoding", tt.accept)
			res, err := b.h1.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			_ = res.Body.Close()
			if string(body) != tt.wantBody || res.Header.Get("Content-Encoding") != tt.wantEncoding {
				t.Errorf("GET %s (Accept-Encoding %q) = %q encoded %q, want %q encoded %q", tt.path, tt.accept,
					body, res.Header.Get("Content-Encoding"), tt.wantBody, tt.wantEncoding)
			}
			if got := res.Header.Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if got := res.Header.Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", got)
			}
		})
	}
}

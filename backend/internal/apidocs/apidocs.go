// Package apidocs serves the API reference and the OpenAPI description that
// buf generates from the contract (buf.gen.yaml) into reference/. Server
// reflection hands integrators the contract without its comments; this is
// where they read what each call does.
package apidocs

import (
	"embed"
	"net/http"
)

//go:embed reference/index.html reference/openapi.json
var reference embed.FS

// Prefix is where the reference is served.
const Prefix = "/docs/api"

// Routes serves the reference at Prefix and the OpenAPI 3.1 description at
// Prefix/openapi.json.
func Routes() map[string]http.Handler {
	return map[string]http.Handler{
		"GET " + Prefix:                   file("reference/index.html", "text/html; charset=utf-8"),
		"GET " + Prefix + "/openapi.json": file("reference/openapi.json", "application/json"),
	}
}

func file(name, contentType string) http.Handler {
	body, err := reference.ReadFile(name)
	if err != nil {
		// The files are embedded at build time: a missing one is a broken build.
		panic(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", contentType)
		// The page's one inline stylesheet is all it runs: no scripts, no fetches.
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		h.Set("Cache-Control", "public, max-age=3600")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(body)
	})
}

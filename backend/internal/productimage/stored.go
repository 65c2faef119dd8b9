package productimage

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// RenditionReader reads a stored rendition: *db.Queries is one.
type RenditionReader interface {
	GetImageRendition(ctx context.Context, arg db.GetImageRenditionParams) (db.GetImageRenditionRow, error)
}

// Uploads serves uploaded pictures from the database at UploadPrefix. A
// URL names the content's hash, so the answer never changes: browsers and
// proxies keep it for a year without asking again.
//
//	mux.Handle("GET "+productimage.UploadPrefix, productimage.Uploads(q))
func Uploads(store RenditionReader) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hash, width, ok := parseUpload(strings.TrimPrefix(r.URL.Path, UploadPrefix))
		if !ok {
			http.NotFound(w, r)
			return
		}
		row, err := store.GetImageRendition(r.Context(), db.GetImageRenditionParams{Hash: hash, Width: int32(width)})
		if errors.Is(err, pgx.ErrNoRows) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			slog.ErrorContext(r.Context(), "productimage: read rendition", "hash", hash, "width", width, "error", err)
			http.Error(w, "image unavailable", http.StatusServiceUnavailable)
			return
		}
		h := w.Header()
		h.Set("Content-Type", row.ContentType)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", cacheControl)
		h.Set("ETag", `"`+hash+"-"+strconv.Itoa(width)+`"`)
		h.Set("Content-Length", strconv.Itoa(len(row.Data)))
		if r.Header.Get("If-None-Match") == h.Get("ETag") {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(row.Data)
	})
}

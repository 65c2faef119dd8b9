package systemtest

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// noisePNG is a w×h PNG of random pixels: it does not compress, so its
// size is about 3·w·h bytes.
func noisePNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(r.UintN(256))
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestUploadProductImageThroughShopd: a picture of several megabytes (past
// the 1 MiB message and 2 MiB body caps of every other RPC) uploads through
// the whole shopd, and its renditions are served for ever from any
// replica's database; a picture past the 5 MB limit is refused.
func TestUploadProductImageThroughShopd(t *testing.T) {
	t.Parallel()
	direct := dbtest.NewSeeded(t)
	ctx := context.Background()
	var adminID, productID int64
	if err := direct.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	if err := direct.QueryRow(ctx, `SELECT min(id) FROM products WHERE sold_online`).Scan(&productID); err != nil {
		t.Fatal(err)
	}
	shop := newTestShop(t, dbtest.URL(direct), io.Discard)
	admin := client(sessionFor(t, direct, adminID))

	body := func(content []byte) []byte {
		b, err := json.Marshal(map[string]any{"productId": productID, "content": content})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	picture := noisePNG(t, 1100, 1000)
	if len(picture) < 3_000_000 || len(picture) > 5_000_000 {
		t.Fatalf("test picture is %d bytes, want 3 to 5 MB", len(picture))
	}
	upload := shop.URL + saboresv1connect.AdminProductServiceUploadProductImageProcedure
	if code, msg := postJSON(t, admin, upload, body(picture)); code != "ok" {
		t.Fatalf("upload of %d bytes: %s %q", len(picture), code, msg)
	}
	var imageURL string
	if err := direct.QueryRow(ctx, `SELECT image_url FROM products WHERE id = $1`, productID).Scan(&imageURL); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(imageURL, "/images/p/") {
		t.Fatalf("image_url = %q, want the upload", imageURL)
	}
	res, err := http.Get(shop.URL + imageURL)
	if err != nil {
		t.Fatal(err)
	}
	served, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/jpeg" ||
		res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || len(served) == 0 {
		t.Errorf("GET %s: %d %v (%d bytes)", imageURL, res.StatusCode, res.Header, len(served))
	}

	// Over the limit: refused, nothing stored.
	before := tablesChecksum(t, direct)
	code, _ := postJSON(t, admin, upload, body(append(picture, make([]byte, 5_000_001-len(picture))...)))
	if code != "invalid_argument" && code != "resource_exhausted" {
		t.Errorf("upload over 5 MB: %s, want invalid_argument or resource_exhausted", code)
	}
	if tablesChecksum(t, direct) != before {
		t.Error("a refused upload changed the database")
	}
	// Other RPCs keep their 1 MiB cap.
	big := body(picture)
	if code, _ := postJSON(t, admin, shop.URL+saboresv1connect.AdminProductServiceListProductImagesProcedure, big); code != "resource_exhausted" && !strings.HasPrefix(code, "http-") {
		t.Errorf("a %d-byte ListProductImages: %s, want it refused for its size", len(big), code)
	}
}

package adminproductapi_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// pngOf is a w×h PNG of one colour.
func pngOf(t *testing.T, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestProductImagesUploadReorderDelete(t *testing.T) {
	t.Parallel()
	f := setup(t)
	upload := func(content []byte) (*saboresv1.UploadProductImageResponse, error) {
		res, err := f.svc.UploadProductImage(f.Ctx, connect.NewRequest(&saboresv1.UploadProductImageRequest{ProductId: 1001, Content: content}))
		if err != nil {
			return nil, err
		}
		return res.Msg, nil
	}
	first, err := upload(pngOf(t, 400, 300, color.RGBA{200, 0, 0, 255}))
	if err != nil {
		t.Fatalf("first upload: %v", err)
	}
	second, err := upload(pngOf(t, 300, 400, color.RGBA{0, 0, 200, 255}))
	if err != nil {
		t.Fatalf("second upload: %v", err)
	}
	if len(second.GetImages()) != 2 || second.GetImages()[0].GetId() != first.GetImage().GetId() {
		t.Fatalf("images after two uploads: %v", second.GetImages())
	}
	img := first.GetImage()
	if !strings.HasPrefix(img.GetUrl(), "/images/p/") || !strings.HasSuffix(img.GetUrl(), "-480.jpg") ||
		!strings.Contains(img.GetSrcset(), "-960.jpg 960w") || img.GetWidth() != 400 || img.GetHeight() != 300 {
		t.Errorf("first image %+v", img)
	}
	var imageURL string
	imageOf := func() string {
		t.Helper()
		if err := f.Pool.QueryRow(context.Background(), `SELECT image_url FROM products WHERE id = 1001`).Scan(&imageURL); err != nil {
			t.Fatal(err)
		}
		return imageURL
	}
	if imageOf() != img.GetUrl() {
		t.Errorf("products.image_url = %q, want the first picture %q", imageURL, img.GetUrl())
	}
	if n := f.Count(t, `SELECT count(*) FROM image_renditions`); n != 6 {
		t.Errorf("%d renditions stored, want 3 widths of 2 pictures", n)
	}

	// The same picture twice, a file that is no picture: refused, nothing written.
	_, err = upload(pngOf(t, 400, 300, color.RGBA{200, 0, 0, 255}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeAlreadyExists || reason != "IMAGE_DUPLICATE" {
		t.Errorf("same picture again: %v %q", code, reason)
	}
	_, err = upload([]byte("<svg onload=alert(1)>"))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || reason != "IMAGE_FORMAT" {
		t.Errorf("SVG: %v %q", code, reason)
	}
	_, err = upload(pngOf(t, 50, 50, color.White))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || reason != "IMAGE_DIMENSIONS" {
		t.Errorf("50 px: %v %q", code, reason)
	}

	// Reorder: the second comes first, and listings show it.
	ids := []int64{second.GetImages()[1].GetId(), first.GetImage().GetId()}
	reordered, err := f.svc.ReorderProductImages(f.Ctx, connect.NewRequest(&saboresv1.ReorderProductImagesRequest{ProductId: 1001, ImageIds: ids}))
	if err != nil || reordered.Msg.GetImages()[0].GetId() != ids[0] {
		t.Fatalf("reorder: %v, %v", reordered, err)
	}
	if imageOf() != reordered.Msg.GetImages()[0].GetUrl() {
		t.Errorf("after reorder image_url = %q", imageURL)
	}
	_, err = f.svc.ReorderProductImages(f.Ctx, connect.NewRequest(&saboresv1.ReorderProductImagesRequest{ProductId: 1001, ImageIds: ids[:1]}))
	if code, field := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || field != "image_ids" {
		t.Errorf("reorder naming one of two: %v %q", code, field)
	}

	// Delete both: the placeholder comes back; the renditions stay for old orders.
	for _, id := range ids {
		if _, err := f.svc.DeleteProductImage(f.Ctx, connect.NewRequest(&saboresv1.DeleteProductImageRequest{ProductId: 1001, ImageId: id})); err != nil {
			t.Fatalf("delete %d: %v", id, err)
		}
	}
	if imageOf() != "/images/products/bebidas/guarana-antarctica.jpg" {
		t.Errorf("without pictures image_url = %q, want the placeholder", imageURL)
	}
	_, err = f.svc.DeleteProductImage(f.Ctx, connect.NewRequest(&saboresv1.DeleteProductImageRequest{ProductId: 1001, ImageId: ids[0]}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeNotFound || reason != "IMAGE_NOT_FOUND" {
		t.Errorf("deleting again: %v %q", code, reason)
	}
	if n := f.Count(t, `SELECT count(*) FROM image_renditions`); n != 6 {
		t.Errorf("%d renditions after deleting, want the 6 kept", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE entity = 'product:1001' AND action LIKE 'product.image.%'`); n != 5 {
		t.Errorf("%d image audit rows, want 2 uploads, 1 reorder, 2 deletions", n)
	}
}

// TestDuplicatePictureIsNotDecoded: a picture the product already has is
// refused by its hash before any decoding. Here the stored picture's bytes
// are not even a picture, so only a check made before decoding can name it
// a duplicate rather than a bad format; a picture too large to decode is
// refused with its own reason.
func TestDuplicatePictureIsNotDecoded(t *testing.T) {
	t.Parallel()
	f := setup(t)
	undecodable := []byte("\x89PNG\r\n\x1a\n not really a picture")
	sum := sha256.Sum256(undecodable)
	if _, err := f.Pool.Exec(context.Background(), `INSERT INTO product_images (product_id, position, hash, width, height)
		VALUES (1001, 0, $1, 400, 300)`, hex.EncodeToString(sum[:])); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.UploadProductImage(f.Ctx, connect.NewRequest(&saboresv1.UploadProductImageRequest{ProductId: 1001, Content: undecodable}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeAlreadyExists || reason != "IMAGE_DUPLICATE" {
		t.Errorf("a picture the product has: %v %q, want AlreadyExists IMAGE_DUPLICATE before decoding", code, reason)
	}
	var huge bytes.Buffer
	if err := png.Encode(&huge, image.NewRGBA64(image.Rect(0, 0, 4000, 3000))); err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.UploadProductImage(f.Ctx, connect.NewRequest(&saboresv1.UploadProductImageRequest{ProductId: 1001, Content: huge.Bytes()}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || reason != "IMAGE_TOO_LARGE" {
		t.Errorf("a 16-bit 12 MP picture: %v %q, want InvalidArgument IMAGE_TOO_LARGE", code, reason)
	}
}

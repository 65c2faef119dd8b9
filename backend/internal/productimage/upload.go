package productimage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Uploaded pictures. The shop accepts JPEG, PNG and WebP, told apart by
// their first bytes (never by a file name), decodes them with the standard
// library and golang.org/x/image (WebP decoding), and stores JPEG
// renditions at Widths: Go has no WebP encoder of its own, and JPEG at
// these sizes is what every browser shows. Transparent parts of a PNG or
// WebP are laid on white, the storefront's card colour.

// UploadPrefix is where uploaded pictures are served, below Prefix.
const UploadPrefix = Prefix + "p/"

// Limits of an upload.
const (
	// MaxUploadBytes is the largest file accepted, 5 MB (the contract's
	// limit on UploadProductImageRequest.content).
	MaxUploadBytes = 5_000_000
	// MaxPixels bounds a picture's area before it is decoded, so a small
	// file claiming a huge canvas cannot take the server's memory: 25 MP is
	// more than a phone or camera photo at its default size.
	MaxPixels = 25_000_000
	// MaxDecodedBytes bounds what a picture takes once decoded, read from
	// its header before decoding: pixels times bytes per pixel. A 16-bit
	// PNG takes 8 bytes a pixel, so a 381 KB file of 7000×7000 once took
	// 654 MB; a 24 MP photo takes 72 MB.
	MaxDecodedBytes = 80 << 20
	// MinSide is the shortest side a picture may have: anything smaller
	// would show blurred on a product card.
	MinSide = 100
	// jpegQuality keeps renditions small without visible artefacts.
	jpegQuality = 82
)

// Widths are the widths every upload is resized to, narrowest first; a
// picture narrower than one is stored at its own width under that name,
// never enlarged.
var Widths = []int{240, 480, 960}

// ListWidth is the width products.image_url names: the card's picture.
const ListWidth = 480

// Errors of Process; the back office maps them to reasons.
var (
	// ErrFormat is content that is not a JPEG, PNG or WebP picture.
	ErrFormat = errors.New("the file is not a JPEG, PNG or WebP picture")
	// ErrDimensions is a picture too small or too large.
	ErrDimensions = errors.New("the picture is too small or too large")
	// ErrTooLarge is a picture that would take more than MaxDecodedBytes
	// or MaxPixels once decoded.
	ErrTooLarge = errors.New("the picture is too large to decode")
)

// decoding lets one picture be decoded and resized at a time: each can
// take tens of megabytes and seconds of CPU, and four at once took 2.4 GB.
var decoding = make(chan struct{}, 1)

// Hash is the SHA-256 of an upload's bytes in hex: its name, and how a
// duplicate is found before it is decoded.
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// bytesPerPixel is what one pixel of a picture of model takes decoded,
// the worst of its layouts (a JPEG's YCbCr without subsampling).
func bytesPerPixel(model color.Model) int {
	switch model {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		return 4
	}
	if _, ok := model.(color.Palette); ok {
		return 1
	}
	return 8 // RGBA64, NRGBA64, or unknown: the largest
}

// Rendition is an upload resized to one width, encoded as JPEG.
type Rendition struct {
	Width int
	Data  []byte
}

// Processed is an upload ready to store.
type Processed struct {
	// Hash is the SHA-256 of the uploaded bytes, in hex: the URL's name.
	Hash string
	// Width and Height are the uploaded picture's size.
	Width, Height int
	// Renditions are the picture at each of Widths.
	Renditions []Rendition
}

// Sniff names the content's picture format by its first bytes, or "" when
// it is none the shop takes.
func Sniff(data []byte) string {
	switch t := http.DetectContentType(data); t {
	case "image/jpeg", "image/png", "image/webp":
		return t
	default:
		return ""
	}
}

// Process checks an upload and resizes it to Widths, upright as its EXIF
// orientation says. Before decoding it refuses a picture whose header
// promises too much (MaxPixels, MaxDecodedBytes); it decodes one picture
// at a time, waiting its turn while ctx lasts, and stops when ctx ends.
func Process(ctx context.Context, data []byte) (Processed, error) {
	if len(data) > MaxUploadBytes {
		return Processed{}, fmt.Errorf("%w: more than %d bytes", ErrDimensions, MaxUploadBytes)
	}
	var decodeConfig func([]byte) (image.Config, error)
	var decode func([]byte) (image.Image, error)
	upright := 1
	switch Sniff(data) {
	case "image/jpeg":
		decodeConfig = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
		upright = orientation(data)
	case "image/png":
		decodeConfig = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
	case "image/webp":
		decodeConfig = func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) (image.Image, error) { return webp.Decode(bytes.NewReader(b)) }
	default:
		return Processed{}, ErrFormat
	}
	cfg, err := decodeConfig(data)
	if err != nil {
		return Processed{}, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if cfg.Width < MinSide || cfg.Height < MinSide {
		return Processed{}, fmt.Errorf("%w: %d×%d pixels", ErrDimensions, cfg.Width, cfg.Height)
	}
	pixels := int64(cfg.Width) * int64(cfg.Height)
	if decoded := pixels * int64(bytesPerPixel(cfg.ColorModel)); pixels > MaxPixels || decoded > MaxDecodedBytes {
		return Processed{}, fmt.Errorf("%w: %d×%d pixels, %d MB decoded", ErrTooLarge, cfg.Width, cfg.Height, decoded>>20)
	}
	select {
	case decoding <- struct{}{}:
		defer func() { <-decoding }()
	case <-ctx.Done():
		return Processed{}, fmt.Errorf("productimage: waiting to decode: %w", ctx.Err())
	}
	src, err := decode(data)
	if err != nil {
		return Processed{}, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	sideways := turnsSideways(upright)
	out := Processed{Hash: Hash(data), Width: cfg.Width, Height: cfg.Height}
	if sideways {
		out.Width, out.Height = cfg.Height, cfg.Width
	}
	// Widest first, each from the one before: a 4000-pixel photo is read
	// once at full size, and the small widths scale a small picture.
	from := src
	renditions := make([]Rendition, len(Widths))
	for i := len(Widths) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return Processed{}, fmt.Errorf("productimage: %w", err)
		}
		scaled := scale(from, Widths[i], sideways)
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, orient(scaled, upright), &jpeg.Options{Quality: jpegQuality}); err != nil {
			return Processed{}, fmt.Errorf("productimage: encode %d px: %w", Widths[i], err)
		}
		renditions[i] = Rendition{Width: Widths[i], Data: buf.Bytes()}
		from = scaled
	}
	out.Renditions = renditions
	return out, nil
}

// scale draws src on white so that, once turned upright (sideways: a
// quarter turn), it is width wide, or its own width when narrower.
func scale(src image.Image, width int, sideways bool) *image.RGBA {
	b := src.Bounds()
	var w, h int
	if sideways {
		h = min(width, b.Dy())
		w = max(1, (b.Dx()*h+b.Dy()/2)/b.Dy())
	} else {
		w = min(width, b.Dx())
		h = max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	return dst
}

// UploadURL is the address of an upload's rendition at width.
func UploadURL(hash string, width int) string {
	return UploadPrefix + hash + "-" + strconv.Itoa(width) + ".jpg"
}

var uploadPath = regexp.MustCompile(`^([0-9a-f]{64})-([0-9]{2,4})\.jpg$`)

// parseUpload reads an upload URL's path below UploadPrefix.
func parseUpload(path string) (hash string, width int, ok bool) {
	m := uploadPath.FindStringSubmatch(path)
	if m == nil {
		return "", 0, false
	}
	width, _ = strconv.Atoi(m[2])
	return m[1], width, true
}

// SrcSet lists every width of the upload url names, for an img's srcset;
// "" for any other picture (the generated ones are SVG and scale).
func SrcSet(url string) string {
	if !strings.HasPrefix(url, UploadPrefix) {
		return ""
	}
	hash, _, ok := parseUpload(url[len(UploadPrefix):])
	if !ok {
		return ""
	}
	parts := make([]string, len(Widths))
	for i, w := range Widths {
		parts[i] = UploadURL(hash, w) + " " + strconv.Itoa(w) + "w"
	}
	return strings.Join(parts, ", ")
}

package productimage

import (
	"bytes"
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
	// file claiming a huge canvas cannot take the server's memory.
	MaxPixels = 50_000_000
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
)

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

// Process checks an upload and resizes it to Widths.
func Process(data []byte) (Processed, error) {
	if len(data) > MaxUploadBytes {
		return Processed{}, fmt.Errorf("%w: more than %d bytes", ErrDimensions, MaxUploadBytes)
	}
	var decodeConfig func([]byte) (image.Config, error)
	var decode func([]byte) (image.Image, error)
	switch Sniff(data) {
	case "image/jpeg":
		decodeConfig = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
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
	if cfg.Width < MinSide || cfg.Height < MinSide || cfg.Width*cfg.Height > MaxPixels {
		return Processed{}, fmt.Errorf("%w: %d×%d pixels", ErrDimensions, cfg.Width, cfg.Height)
	}
	src, err := decode(data)
	if err != nil {
		return Processed{}, fmt.Errorf("%w: %w", ErrFormat, err)
	}
	sum := sha256.Sum256(data)
	out := Processed{Hash: hex.EncodeToString(sum[:]), Width: cfg.Width, Height: cfg.Height}
	// Widest first, each from the one before: a 4000-pixel photo is read
	// once at full size, and the small widths scale a small picture.
	from := src
	renditions := make([]Rendition, len(Widths))
	for i := len(Widths) - 1; i >= 0; i-- {
		scaled := scale(from, Widths[i])
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, scaled, &jpeg.Options{Quality: jpegQuality}); err != nil {
			return Processed{}, fmt.Errorf("productimage: encode %d px: %w", Widths[i], err)
		}
		renditions[i] = Rendition{Width: Widths[i], Data: buf.Bytes()}
		from = scaled
	}
	out.Renditions = renditions
	return out, nil
}

// scale draws src at width (or its own width when narrower) on white.
func scale(src image.Image, width int) image.Image {
	b := src.Bounds()
	w := min(width, b.Dx())
	h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
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

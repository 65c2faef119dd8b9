// Package productimage draws the shop's product and flag pictures on
// request, so the catalogue has an image for every product without storing
// files or loading anything from the internet. Everything the picture needs
// is in its URL, which makes the handler stateless and the images cacheable
// for as long as a browser likes.
//
// URLs (the handler is mounted at /images/):
//
//	/images/products/{category}/{slug}.jpg   initials of the product on its category's colour
//	/images/categories/{category}.jpg        a category tile (bulk products share these)
//	/images/flags/{country}.png              a simplified flag of a shop country
//
// They were SVG until issue 36 (canvas.go says why): the old URLs, still in
// orders placed before and in e-mails sent, redirect to the new ones.
package productimage

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Prefix is where Handler expects to be mounted.
const Prefix = "/images/"

// cacheControl lets browsers and proxies keep a picture for a year: a URL
// always draws the same picture.
const cacheControl = "public, max-age=31536000, immutable"

// IsGenerated reports whether url is a generated picture (or none), which
// follows the product's name and category rather than an upload.
func IsGenerated(url string) bool {
	return url == "" || strings.HasPrefix(url, Prefix+"products/") || strings.HasPrefix(url, Prefix+"categories/")
}

// ProductURL is the image URL stored for a product: its category's colour
// with the initials of name.
func ProductURL(category, name string) string {
	return Prefix + "products/" + category + "/" + Slug(name) + ".jpg"
}

// CategoryURL is the image URL of a category tile, shared by products that
// need no picture of their own.
func CategoryURL(category string) string {
	return Prefix + "categories/" + category + ".jpg"
}

// FlagURL is the image URL of a country's flag.
func FlagURL(countrySlug string) string {
	return Prefix + "flags/" + countrySlug + ".png"
}

var (
	productPath  = regexp.MustCompile(`^products/([a-z0-9-]+)/([a-z0-9-]+)\.jpg$`)
	categoryPath = regexp.MustCompile(`^categories/([a-z0-9-]+)\.jpg$`)
	flagPath     = regexp.MustCompile(`^flags/([a-z0-9-]+)\.png$`)
	// svgPath is a picture's URL from before issue 36.
	svgPath = regexp.MustCompile(`^(products/[a-z0-9-]+/[a-z0-9-]+|categories/[a-z0-9-]+|flags/[a-z0-9-]+)\.svg$`)
)

// Handler serves the pictures under Prefix; mount it as is (no StripPrefix):
//
//	mux.Handle(productimage.Prefix, productimage.Handler())
func Handler() http.Handler {
	return http.HandlerFunc(serve)
}

func serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	path := strings.TrimPrefix(r.URL.Path, Prefix)
	if m := svgPath.FindStringSubmatch(path); m != nil {
		ext := ".jpg"
		if strings.HasPrefix(path, "flags/") {
			ext = ".png"
		}
		w.Header().Set("Cache-Control", cacheControl)
		http.Redirect(w, r, Prefix+m[1]+ext, http.StatusMovedPermanently)
		return
	}
	picture, contentType, ok := Render(path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", cacheControl)
	h.Set("Content-Length", fmt.Sprint(len(picture)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(picture)
}

// Render draws the picture for path (relative to Prefix), with its content
// type, and reports whether path names one.
func Render(path string) (picture []byte, contentType string, ok bool) {
	if m := productPath.FindStringSubmatch(path); m != nil {
		return product(m[1], m[2]), "image/jpeg", true
	}
	if m := categoryPath.FindStringSubmatch(path); m != nil {
		return product(m[1], ""), "image/jpeg", true
	}
	if m := flagPath.FindStringSubmatch(path); m != nil {
		picture, ok := flag(m[1])
		return picture, "image/png", ok
	}
	return nil, "", false
}

// category is how a category looks: two colours for a diagonal gradient.
// The picture carries no words: one URL serves the Spanish and the
// Portuguese shop, and the card names the product in the shopper's language.
type category struct {
	from, to string
}

var categories = map[string]category{
	"bebidas":    {"#0ea5e9", "#1d4ed8"},
	"doces":      {"#f472b6", "#be185d"},
	"alimentos":  {"#f59e0b", "#b45309"},
	"congelados": {"#67e8f9", "#0e7490"},
	"beleza":     {"#c084fc", "#7e22ce"},
	"perfumes":   {"#fda4af", "#9f1239"},
}

// Products are drawn 400×400 (a card shows one at up to 480 CSS pixels
// wide; it stands in until the shop uploads a photo).
const productSize = 400

// product draws initials of slug (or the category's own initial when slug
// is empty) over the category's gradient, as JPEG: a tenth of the time of
// PNG's best compression (3 against 120 ms) and smaller (10 against 13 KB)
// for a gradient.
func product(cat, slug string) []byte {
	c, ok := categories[cat]
	if !ok {
		c = category{from: "#9ca3af", to: "#4b5563"}
	}
	mark := Initials(slug)
	if slug == "" {
		mark = Initials(cat)
	}
	// A small per-product tilt of the gradient tells neighbouring cards apart.
	h := fnv.New32a()
	h.Write([]byte(slug))
	angle := float64(h.Sum32()%60+20) * math.Pi / 180

	cv := newCanvas(productSize, productSize, 1)
	gradient(cv.img, rgb(c.from), rgb(c.to), angle)
	cv.circle(200, 200, 110, color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 46})
	centredText(cv.img, mark, 104, 236)
	var b bytes.Buffer
	if err := jpeg.Encode(&b, cv.img, &jpeg.Options{Quality: 90}); err != nil {
		panic("productimage: encode JPEG: " + err.Error()) // into memory: a failure is a bug
	}
	return b.Bytes()
}

// gradient fills img from one colour to the other along the direction
// angle (radians, clockwise from the x axis) through its centre, as SVG's
// linearGradient rotated about (.5, .5).
func gradient(img *image.RGBA, from, to color.RGBA, angle float64) {
	b := img.Bounds()
	w, h := float64(b.Dx()), float64(b.Dy())
	cos, sin := math.Cos(angle), math.Sin(angle)
	mix := func(a, b uint8, t float64) uint8 { return uint8(math.Round(float64(a) + (float64(b)-float64(a))*t)) }
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			t := 0.5 + ((float64(x)+0.5)/w-0.5)*cos + ((float64(y)+0.5)/h-0.5)*sin
			t = min(max(t, 0), 1)
			img.SetRGBA(x, y, color.RGBA{R: mix(from.R, to.R, t), G: mix(from.G, to.G, t), B: mix(from.B, to.B, t), A: 0xff})
		}
	}
}

// markFont is Go Bold, the typeface the initials are drawn in: it comes
// with the program, so a picture looks the same on every server.
var markFont = sync.OnceValue(func() *opentype.Font {
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		panic("productimage: parse Go Bold: " + err.Error())
	}
	return f
})

// centredText draws text in white, size pixels tall, centred across img
// on the baseline y.
func centredText(img *image.RGBA, text string, size, y float64) {
	face, err := opentype.NewFace(markFont(), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("productimage: make a face of Go Bold: " + err.Error())
	}
	// (An opentype face holds nothing to close.)
	d := font.Drawer{Dst: img, Src: image.White, Face: face}
	width := d.MeasureString(text)
	d.Dot = fixed.Point26_6{X: fixed.I(img.Bounds().Dx())/2 - width/2, Y: fixed.Int26_6(y * 64)}
	d.DrawString(text)
}

// encodePNG is img as PNG (zlib's default level: its best took six times
// as long for 5% less). Encoding a picture drawn here into memory cannot
// fail, so a failure is a bug.
func encodePNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic("productimage: encode PNG: " + err.Error())
	}
	return b.Bytes()
}

// Slug turns a product name into its URL form: accents dropped, lower case,
// words joined by hyphens ("Pão de Queijo" → "pao-de-queijo").
func Slug(name string) string {
	folded, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), name)
	if err != nil {
		folded = name
	}
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(folded) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
			continue
		}
		hyphen = true
	}
	if b.Len() == 0 {
		return "producto"
	}
	return b.String()
}

// connectors are the short words skipped when taking initials, so
// "pao-de-queijo" reads PQ rather than PDQ.
var connectors = map[string]bool{
	"de": true, "do": true, "da": true, "dos": true, "das": true, "del": true,
	"la": true, "las": true, "los": true, "el": true, "y": true, "e": true, "con": true, "com": true,
}

// Initials returns up to two upper-case initials of a slug's words.
func Initials(slug string) string {
	var out []rune
	for _, w := range strings.Split(slug, "-") {
		if w == "" || connectors[w] {
			continue
		}
		out = append(out, unicode.ToUpper([]rune(w)[0]))
		if len(out) == 2 {
			break
		}
	}
	if len(out) == 0 {
		return "?"
	}
	return string(out)
}

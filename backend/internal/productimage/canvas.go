package productimage

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"golang.org/x/image/vector"
)

// canvas draws the generated pictures as pixels. They used to go out as
// SVG, and a browser makes each SVG picture a document of its own on the
// page's main thread (the home page's sixteen cost a phone's main thread
// about 70 ms, issue 36); a PNG or JPEG is decoded off it. Shapes are given
// in the picture's design units (900×600 for a flag, 400×400 for a
// product), scaled to the pixels drawn.
type canvas struct {
	img   *image.RGBA
	scale float64
	// r is reset for each shape: a rasterizer holds a float per pixel, and
	// a flag has up to 27 shapes.
	r *vector.Rasterizer
}

func newCanvas(width, height int, scale float64) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, width, height)), scale: scale, r: vector.NewRasterizer(width, height)}
}

// point is a position in design units.
type point struct{ x, y float64 }

// fill paints the polygon through pts (anti-aliased, non-zero winding).
func (c *canvas) fill(pts []point, col color.Color) {
	if len(pts) < 3 {
		return
	}
	b := c.img.Bounds()
	r := c.r
	r.Reset(b.Dx(), b.Dy())
	r.MoveTo(float32(pts[0].x*c.scale), float32(pts[0].y*c.scale))
	for _, p := range pts[1:] {
		r.LineTo(float32(p.x*c.scale), float32(p.y*c.scale))
	}
	r.ClosePath()
	r.Draw(c.img, b, image.NewUniform(col), image.Point{})
}

func (c *canvas) rect(x, y, w, h float64, hex string) {
	c.fill([]point{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, rgb(hex))
}

func (c *canvas) polygon(pts []point, hex string) {
	c.fill(pts, rgb(hex))
}

// circle is a disc, as a polygon fine enough that no edge shows at the
// sizes drawn.
func (c *canvas) circle(cx, cy, r float64, col color.Color) {
	c.fill(arc(cx, cy, r, 0, 2*math.Pi, 96), col)
}

// stroke paints a line of width along the polyline pts, with butt ends:
// each side offset by half the width along the line's normal at each point.
func (c *canvas) stroke(pts []point, width float64, hex string) {
	if len(pts) < 2 {
		return
	}
	left := make([]point, len(pts))
	right := make([]point, len(pts))
	for i, p := range pts {
		// The direction at a point: across its neighbours.
		a, b := pts[max(i-1, 0)], pts[min(i+1, len(pts)-1)]
		dx, dy := b.x-a.x, b.y-a.y
		n := math.Hypot(dx, dy)
		nx, ny := -dy/n*width/2, dx/n*width/2
		left[i] = point{p.x + nx, p.y + ny}
		right[len(pts)-1-i] = point{p.x - nx, p.y - ny}
	}
	c.fill(append(left, right...), rgb(hex))
}

// arc is n+1 points on the circle (cx, cy, r) from angle a0 to a1 (radians,
// clockwise on screen from the x axis).
func arc(cx, cy, r, a0, a1 float64, n int) []point {
	pts := make([]point, 0, n+1)
	for i := range n + 1 {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		pts = append(pts, point{cx + r*math.Cos(a), cy + r*math.Sin(a)})
	}
	return pts
}

// quad is n+1 points on the quadratic Bézier curve from p0 to p2 pulled
// towards p1.
func quad(p0, p1, p2 point, n int) []point {
	pts := make([]point, 0, n+1)
	for i := range n + 1 {
		t := float64(i) / float64(n)
		u := 1 - t
		pts = append(pts, point{u*u*p0.x + 2*u*t*p1.x + t*t*p2.x, u*u*p0.y + 2*u*t*p1.y + t*t*p2.y})
	}
	return pts
}

// rgb is the opaque colour of "#rrggbb" (or "#rgb").
func rgb(hex string) color.RGBA {
	s := hex[1:]
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || len(s) != 6 {
		panic("productimage: bad colour " + hex)
	}
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

package productimage

import "math"

// flags draws each shop country's flag on a 900×600 canvas: the colour
// bands and the one emblem that makes it recognisable on a home tile, not a
// vexillologist's reference.
var flags = map[string]func(c *canvas){
	"brasil": func(c *canvas) {
		c.rect(0, 0, 900, 600, "#009c3b")
		c.polygon([]point{{450, 60}, {840, 300}, {450, 540}, {60, 300}}, "#ffdf00")
		c.circle(450, 300, 150, rgb("#002776"))
		c.stroke(quad(point{306, 258}, point{450, 228}, point{592, 338}, 32), 24, "#fff")
	},
	"colombia": func(c *canvas) {
		c.rect(0, 0, 900, 300, "#fcd116")
		c.rect(0, 300, 900, 150, "#003893")
		c.rect(0, 450, 900, 150, "#ce1126")
	},
	"cabo-verde": func(c *canvas) {
		c.rect(0, 0, 900, 600, "#003893")
		c.rect(0, 300, 900, 150, "#fff")
		c.rect(0, 350, 900, 50, "#cf2027")
		for i := range 10 {
			a := float64(i)*2*math.Pi/10 - math.Pi/2
			star(c, 337.5+150*math.Cos(a), 375+150*math.Sin(a), 24, "#f7d116")
		}
	},
	"angola": func(c *canvas) {
		c.rect(0, 0, 900, 300, "#cc092f")
		c.rect(0, 300, 900, 300, "#000")
		// The half gear: the long way round a circle of radius 120 through
		// (360,390) and (560,390), open at the bottom.
		from := math.Atan2(66.33, -100)
		c.stroke(arc(460, 323.67, 120, from, 2*math.Pi+math.Atan2(66.33, 100), 64), 26, "#ffcb00")
		c.stroke([]point{{340, 420}, {560, 270}}, 26, "#ffcb00")
		star(c, 430, 300, 55, "#ffcb00")
	},
	"peru": func(c *canvas) {
		c.rect(0, 0, 300, 600, "#d91023")
		c.rect(300, 0, 300, 600, "#fff")
		c.rect(600, 0, 300, 600, "#d91023")
	},
	"argentina": func(c *canvas) {
		c.rect(0, 0, 900, 200, "#74acdf")
		c.rect(0, 200, 900, 200, "#fff")
		c.rect(0, 400, 900, 200, "#74acdf")
		sun(c, 450, 300, 48, "#f6b40e")
	},
	"republica-dominicana": func(c *canvas) {
		c.rect(0, 0, 900, 600, "#fff")
		c.rect(0, 0, 390, 240, "#002d62")
		c.rect(510, 0, 390, 240, "#ce1126")
		c.rect(0, 360, 390, 240, "#ce1126")
		c.rect(510, 360, 390, 240, "#002d62")
		c.circle(450, 300, 47, rgb("#00843d"))
		c.circle(450, 300, 37, rgb("#fff"))
	},
	"venezuela": func(c *canvas) {
		c.rect(0, 0, 900, 200, "#ffcc00")
		c.rect(0, 200, 900, 200, "#00247d")
		c.rect(0, 400, 900, 200, "#cf142b")
		for i := range 8 {
			a := (200 + float64(i)*140/7) * math.Pi / 180
			star(c, 450+150*math.Cos(a), 430+150*math.Sin(a), 18, "#fff")
		}
	},
	"uruguai": func(c *canvas) {
		c.rect(0, 0, 900, 600, "#fff")
		for i := 1; i < 9; i += 2 {
			c.rect(0, float64(i)*600/9, 900, 600.0/9, "#0038a8")
		}
		c.rect(0, 0, 300, 5*600.0/9, "#fff")
		sun(c, 150, 166, 55, "#fcd116")
	},
	"cuba": func(c *canvas) {
		c.rect(0, 0, 900, 600, "#fff")
		for i := 0; i < 5; i += 2 {
			c.rect(0, float64(i)*120, 900, 120, "#002a8f")
		}
		c.polygon([]point{{0, 0}, {520, 300}, {0, 600}}, "#cf142b")
		star(c, 173, 300, 65, "#fff")
	},
	"senegal": func(c *canvas) {
		c.rect(0, 0, 300, 600, "#00853f")
		c.rect(300, 0, 300, 600, "#fdef42")
		c.rect(600, 0, 300, 600, "#e31b23")
		star(c, 450, 300, 85, "#00853f")
	},
}

// Flags are drawn 900×600 and sent at 180×120 (PNG): a tile shows one at
// 48×32 CSS pixels and a country's banner at up to 56×40, sharp on a screen
// of three device pixels to the CSS pixel.
const flagWidth, flagHeight = 180, 120

// flag renders the flag of slug as PNG, reporting false for a country it cannot draw.
func flag(slug string) ([]byte, bool) {
	draw, ok := flags[slug]
	if !ok {
		return nil, false
	}
	c := newCanvas(flagWidth, flagHeight, float64(flagWidth)/900)
	draw(c)
	return encodePNG(c.img), true
}

// star draws a five-pointed star of outer radius r, one point up.
func star(c *canvas, cx, cy, r float64, fill string) {
	points := make([]point, 0, 10)
	for i := range 10 {
		radius := r
		if i%2 == 1 {
			radius = r * 0.382
		}
		a := float64(i)*math.Pi/5 - math.Pi/2
		points = append(points, point{cx + radius*math.Cos(a), cy + radius*math.Sin(a)})
	}
	c.polygon(points, fill)
}

// sun draws a disc with sixteen rays, as on the Argentine and Uruguayan flags.
func sun(c *canvas, cx, cy, r float64, fill string) {
	for i := range 16 {
		a := float64(i) * math.Pi / 8
		c.stroke([]point{{cx, cy}, {cx + r*1.7*math.Cos(a), cy + r*1.7*math.Sin(a)}}, 8, fill)
	}
	c.circle(cx, cy, r, rgb(fill))
}

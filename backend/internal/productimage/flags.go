package productimage

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// flags draws each shop country's flag on a 900×600 canvas: the colour
// bands and the one emblem that makes it recognisable on a home tile, not a
// vexillologist's reference.
var flags = map[string]func(b *bytes.Buffer){
	"brasil": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 600, "#009c3b")
		b.WriteString(`<polygon points="450,60 840,300 450,540 60,300" fill="#ffdf00"/>`)
		b.WriteString(`<circle cx="450" cy="300" r="150" fill="#002776"/>`)
		b.WriteString(`<path d="M306,258 Q450,228 592,338" stroke="#fff" stroke-width="24" fill="none"/>`)
	},
	"colombia": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 300, "#fcd116")
		rect(b, 0, 300, 900, 150, "#003893")
		rect(b, 0, 450, 900, 150, "#ce1126")
	},
	"cabo-verde": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 600, "#003893")
		rect(b, 0, 300, 900, 150, "#fff")
		rect(b, 0, 350, 900, 50, "#cf2027")
		for i := range 10 {
			a := float64(i)*2*math.Pi/10 - math.Pi/2
			star(b, 337.5+150*math.Cos(a), 375+150*math.Sin(a), 24, "#f7d116")
		}
	},
	"angola": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 300, "#cc092f")
		rect(b, 0, 300, 900, 300, "#000")
		b.WriteString(`<path d="M360,390 A120,120 0 1 1 560,390" stroke="#ffcb00" stroke-width="26" fill="none"/>`)
		b.WriteString(`<path d="M340,420 L560,270" stroke="#ffcb00" stroke-width="26"/>`)
		star(b, 430, 300, 55, "#ffcb00")
	},
	"peru": func(b *bytes.Buffer) {
		rect(b, 0, 0, 300, 600, "#d91023")
		rect(b, 300, 0, 300, 600, "#fff")
		rect(b, 600, 0, 300, 600, "#d91023")
	},
	"argentina": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 200, "#74acdf")
		rect(b, 0, 200, 900, 200, "#fff")
		rect(b, 0, 400, 900, 200, "#74acdf")
		sun(b, 450, 300, 48, "#f6b40e")
	},
	"republica-dominicana": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 600, "#fff")
		rect(b, 0, 0, 390, 240, "#002d62")
		rect(b, 510, 0, 390, 240, "#ce1126")
		rect(b, 0, 360, 390, 240, "#ce1126")
		rect(b, 510, 360, 390, 240, "#002d62")
		b.WriteString(`<circle cx="450" cy="300" r="42" fill="#fff" stroke="#00843d" stroke-width="10"/>`)
	},
	"venezuela": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 200, "#ffcc00")
		rect(b, 0, 200, 900, 200, "#00247d")
		rect(b, 0, 400, 900, 200, "#cf142b")
		for i := range 8 {
			a := (200 + float64(i)*140/7) * math.Pi / 180
			star(b, 450+150*math.Cos(a), 430+150*math.Sin(a), 18, "#fff")
		}
	},
	"uruguai": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 600, "#fff")
		for i := 1; i < 9; i += 2 {
			rect(b, 0, float64(i)*600/9, 900, 600.0/9, "#0038a8")
		}
		rect(b, 0, 0, 300, 5*600.0/9, "#fff")
		sun(b, 150, 166, 55, "#fcd116")
	},
	"cuba": func(b *bytes.Buffer) {
		rect(b, 0, 0, 900, 600, "#fff")
		for i := 0; i < 5; i += 2 {
			rect(b, 0, float64(i)*120, 900, 120, "#002a8f")
		}
		b.WriteString(`<polygon points="0,0 520,300 0,600" fill="#cf142b"/>`)
		star(b, 173, 300, 65, "#fff")
	},
	"senegal": func(b *bytes.Buffer) {
		rect(b, 0, 0, 300, 600, "#00853f")
		rect(b, 300, 0, 300, 600, "#fdef42")
		rect(b, 600, 0, 300, 600, "#e31b23")
		star(b, 450, 300, 85, "#00853f")
	},
}

// flag renders the flag of slug, reporting false for a country it cannot draw.
func flag(slug string) ([]byte, bool) {
	draw, ok := flags[slug]
	if !ok {
		return nil, false
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 900 600" width="900" height="600" role="img" aria-label="%s">`, slug)
	draw(&b)
	b.WriteString(`</svg>`)
	return b.Bytes(), true
}

func rect(b *bytes.Buffer, x, y, w, h float64, fill string) {
	fmt.Fprintf(b, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`, x, y, w, h, fill)
}

// star draws a five-pointed star of outer radius r, one point up.
func star(b *bytes.Buffer, cx, cy, r float64, fill string) {
	points := make([]string, 0, 10)
	for i := range 10 {
		radius := r
		if i%2 == 1 {
			radius = r * 0.382
		}
		a := float64(i)*math.Pi/5 - math.Pi/2
		points = append(points, fmt.Sprintf("%.1f,%.1f", cx+radius*math.Cos(a), cy+radius*math.Sin(a)))
	}
	fmt.Fprintf(b, `<polygon points="%s" fill="%s"/>`, strings.Join(points, " "), fill)
}

// sun draws a disc with sixteen rays, as on the Argentine and Uruguayan flags.
func sun(b *bytes.Buffer, cx, cy, r float64, fill string) {
	for i := range 16 {
		a := float64(i) * math.Pi / 8
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="8"/>`,
			cx, cy, cx+r*1.7*math.Cos(a), cy+r*1.7*math.Sin(a), fill)
	}
	fmt.Fprintf(b, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`, cx, cy, r, fill)
}

package seed

import (
	"fmt"
	"io"
	"strings"
)

// progressBar draws "label [#####-----]  50% 500/1000" on one terminal line,
// redrawn only when the percentage moves so a slow writer never slows COPY.
type progressBar struct {
	w       io.Writer
	label   string
	total   int
	percent int
}

const progressWidth = 30

func newProgressBar(w io.Writer, label string, total int) *progressBar {
	b := &progressBar{w: w, label: label, total: total, percent: -1}
	b.set(0)
	return b
}

// set records that n of total items are done.
func (b *progressBar) set(n int) {
	p := 100
	if b.total > 0 {
		p = n * 100 / b.total
	}
	if p == b.percent {
		return
	}
	b.percent = p
	filled := p * progressWidth / 100
	fmt.Fprintf(b.w, "\r%-12s [%s%s] %3d%% %d/%d", b.label,
		strings.Repeat("#", filled), strings.Repeat("-", progressWidth-filled), p, n, b.total)
}

// done completes the bar and ends its line.
func (b *progressBar) done() {
	b.set(b.total)
	fmt.Fprintln(b.w)
}

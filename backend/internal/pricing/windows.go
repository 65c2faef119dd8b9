package pricing

import "time"

// Window is when a promotion may run: from Start to End, either open (nil)
// meaning for ever in that direction.
type Window struct {
	Start, End *time.Time
}

// Overlaps reports whether two promotion windows share a moment. Windows
// that merely touch (one ends the instant the other starts) do not: ending a
// promotion now and starting the next now is a hand-over, not two at once.
// The promotions desk refuses a product two overlapping promotions, so the
// storefront never has to choose between them.
func Overlaps(a, b Window) bool {
	return before(a.Start, b.End) && before(b.Start, a.End)
}

// before reports start < end, an open start or end always being so.
func before(start, end *time.Time) bool {
	return start == nil || end == nil || start.Before(*end)
}

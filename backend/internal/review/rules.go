package review

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The stored statuses of a review.
const (
	Pending   = "pending"
	Published = "published"
	Rejected  = "rejected"
)

// MaxText and MaxReason bound what a shopper writes and the owner's reason
// (the contract says the same; the table checks it once more).
const (
	MaxText   = 2000
	MaxReason = 500
)

// Author is the name a review shows: the buyer's first name and the initial
// of their last word, from the order's delivery name ("João Santos" →
// "João S."). A full name on a public page would say more about the
// shopper than a review needs; one word is shown as is.
func Author(deliveryName string) string {
	words := strings.Fields(deliveryName)
	switch len(words) {
	case 0:
		return "—"
	case 1:
		return truncateRunes(words[0], 60)
	}
	last, _ := utf8.DecodeRuneInString(words[len(words)-1])
	return truncateRunes(words[0], 56) + " " + string(unicode.ToUpper(last)) + "."
}

// CanMove says whether a review in status from may be moved to status to:
// the owner publishes a pending or rejected review and rejects a pending or
// published one (changing their mind either way); nothing goes back to
// pending, and a move to the status it has is no move.
func CanMove(from, to string) bool {
	switch to {
	case Published:
		return from == Pending || from == Rejected
	case Rejected:
		return from == Pending || from == Published
	}
	return false
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

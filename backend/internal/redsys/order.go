package redsys

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// orderNumberPattern is Redsys's rule for Ds_Merchant_Order: 4 digits, then
// up to 8 letters or digits.
var orderNumberPattern = regexp.MustCompile(`^[0-9]{4}[0-9A-Za-z]{0,8}$`)

// ValidOrderNumber says whether Redsys accepts s as an order number.
func ValidOrderNumber(s string) error {
	if !orderNumberPattern.MatchString(s) {
		return fmt.Errorf("%w: %q", ErrOrderNumber, s)
	}
	return nil
}

// MaxGeneration and MaxAttempts bound the 4 leading digits: the restore
// generation (shopd restore bumps it) as 1 digit, then the attempt as 3.
// A restore brings back a database without the attempts made after its
// backup, so the attempts after it count again from where the backup left
// off; the generation keeps their numbers apart from the lost ones, which
// Redsys has seen. Numbers of generation 0 are the ones written before the
// generation existed (a 4-digit attempt below 1000), so they stay valid.
const (
	MaxGeneration = 9
	MaxAttempts   = 999
)

// maxOrderID is the largest shop order id that fits 8 base-36 characters.
const maxOrderID = 36*36*36*36*36*36*36*36 - 1

// OrderNumber is the Redsys order number of a shop order's attempt-th
// payment attempt (from 1) in restore generation generation: the
// generation as 1 digit, the attempt as 3, then the order id in base 36,
// upper case. Redsys refuses an order number it has seen before for the
// same merchant, so each attempt (a "pay again" after a refusal) needs its
// own; the triple maps to one number and back.
func OrderNumber(orderID int64, generation, attempt int) (string, error) {
	if orderID <= 0 || orderID > maxOrderID {
		return "", fmt.Errorf("%w: order id %d does not fit 8 base-36 characters", ErrOrderNumber, orderID)
	}
	if generation < 0 || generation > MaxGeneration {
		return "", fmt.Errorf("%w: restore generation %d is not between 0 and %d", ErrOrderNumber, generation, MaxGeneration)
	}
	if attempt < 1 || attempt > MaxAttempts {
		return "", fmt.Errorf("%w: attempt %d is not between 1 and %d", ErrOrderNumber, attempt, MaxAttempts)
	}
	return fmt.Sprintf("%d%03d%s", generation, attempt, strings.ToUpper(strconv.FormatInt(orderID, 36))), nil
}

// ParseOrderNumber is OrderNumber's inverse. Any other spelling of the same
// triple (lower case, leading zeros in the id) is refused, so one triple
// has exactly one number.
func ParseOrderNumber(s string) (orderID int64, generation, attempt int, err error) {
	if len(s) < 5 || ValidOrderNumber(s) != nil {
		return 0, 0, 0, fmt.Errorf("%w: %q", ErrOrderNumber, s)
	}
	generation, _ = strconv.Atoi(s[:1])
	attempt, _ = strconv.Atoi(s[1:4])
	orderID, perr := strconv.ParseInt(s[4:], 36, 64)
	if perr != nil {
		return 0, 0, 0, fmt.Errorf("%w: %q", ErrOrderNumber, s)
	}
	if canonical, cerr := OrderNumber(orderID, generation, attempt); cerr != nil || canonical != s {
		return 0, 0, 0, fmt.Errorf("%w: %q is not how this shop writes order numbers", ErrOrderNumber, s)
	}
	return orderID, generation, attempt, nil
}

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

// MaxAttempts is how many payment attempts one order can have: the attempt
// fills the 4 leading digits.
const MaxAttempts = 9999

// maxOrderID is the largest shop order id that fits 8 base-36 characters.
const maxOrderID = 36*36*36*36*36*36*36*36 - 1

// OrderNumber is the Redsys order number of a shop order's attempt-th
// payment attempt (from 1): the attempt as 4 digits, then the order id in
// base 36, upper case. Redsys refuses an order number it has seen before
// for the same merchant, so each attempt (a "pay again" after a refusal)
// needs its own; the pair (attempt, id) maps to one number and back.
func OrderNumber(orderID int64, attempt int) (string, error) {
	if orderID <= 0 || orderID > maxOrderID {
		return "", fmt.Errorf("%w: order id %d does not fit 8 base-36 characters", ErrOrderNumber, orderID)
	}
	if attempt < 1 || attempt > MaxAttempts {
		return "", fmt.Errorf("%w: attempt %d is not between 1 and %d", ErrOrderNumber, attempt, MaxAttempts)
	}
	return fmt.Sprintf("%04d%s", attempt, strings.ToUpper(strconv.FormatInt(orderID, 36))), nil
}

// ParseOrderNumber is OrderNumber's inverse. Any other spelling of the same
// pair (lower case, leading zeros in the id) is refused, so one pair has
// exactly one number.
func ParseOrderNumber(s string) (orderID int64, attempt int, err error) {
	if len(s) < 5 || ValidOrderNumber(s) != nil {
		return 0, 0, fmt.Errorf("%w: %q", ErrOrderNumber, s)
	}
	attempt, _ = strconv.Atoi(s[:4])
	orderID, perr := strconv.ParseInt(s[4:], 36, 64)
	if perr != nil {
		return 0, 0, fmt.Errorf("%w: %q", ErrOrderNumber, s)
	}
	if canonical, cerr := OrderNumber(orderID, attempt); cerr != nil || canonical != s {
		return 0, 0, fmt.Errorf("%w: %q is not how this shop writes order numbers", ErrOrderNumber, s)
	}
	return orderID, attempt, nil
}

// Package fault is how the shop's business modules say what went wrong in
// the business's own terms: a kind (the request must change, a rule refuses
// it now, the caller must first free something…), an UPPER_SNAKE reason the
// apps translate, the field at fault and the figures. It knows nothing of
// the wire: the API's edge (package apperr) maps a fault to a Connect code
// and its details, once, for every procedure.
package fault

import (
	"errors"
	"fmt"
)

// Kind says what the caller can do about a fault.
type Kind uint8

const (
	// Invalid means the request itself is wrong and must change.
	Invalid Kind = iota + 1
	// NotFound means the thing named does not exist or is not the caller's to see.
	NotFound
	// Conflict means the thing to create exists already.
	Conflict
	// Refused means a business rule forbids the step in the current state.
	Refused
	// Exhausted means the caller must first free something (pay or cancel
	// another order) or wait, rather than change the request.
	Exhausted
	// Unauthenticated means the call needs a signed-in person and has none.
	Unauthenticated
	// Forbidden means the caller is known and may not do this.
	Forbidden
)

// Error is a fault a caller can act on.
type Error struct {
	Kind Kind
	// Reason is an UPPER_SNAKE code the apps translate; empty for a plain
	// invalid field.
	Reason string
	// Field names the request field at fault, if one is.
	Field   string
	Message string
	// Metadata carries the figures (available: "3").
	Metadata map[string]string
	// Causes are further reasons, each with its figures, when one request
	// fails for several (an order's lines, each short of stock).
	Causes []Cause
}

// Cause is one of several reasons a request failed.
type Cause struct {
	Reason   string
	Metadata map[string]string
}

func (e *Error) Error() string { return e.Message }

// Fault returns e itself: a *Error is its own fault.
func (e *Error) Fault() *Error { return e }

// Faulter is an error that is, or carries, a fault: the typed refusals of a
// module (an order step not allowed, a limit reached) keep their own fields
// for the code that inspects them and say their fault through this.
type Faulter interface {
	error
	Fault() *Error
}

// As finds the fault in err's chain.
func As(err error) (*Error, bool) {
	var f Faulter
	if !errors.As(err, &f) {
		return nil, false
	}
	return f.Fault(), true
}

// ErrNotFound is an unknown entity, or one the caller may not see.
var ErrNotFound = errors.New("not found")

// InvalidField returns an Invalid fault naming the field at fault.
func InvalidField(field, message string) error {
	return &Error{Kind: Invalid, Field: field, Message: fmt.Sprintf("%s: %s", field, message)}
}

// SignInNeeded returns the fault of a call that needs a signed-in person
// and has none.
func SignInNeeded(message string) error {
	return &Error{Kind: Unauthenticated, Message: message}
}

package catalogue

import "github.com/sabores/sabores/backend/internal/fault"

// Kind is how a broken rule reaches a client of the API.
type Kind int

const (
	// Invalid is a field the caller typed wrong (InvalidArgument naming it).
	Invalid Kind = iota
	// Refused is a business rule with its own reason (InvalidArgument with
	// an ErrorInfo the back office words itself).
	Refused
)

// FieldError is a broken rule of one field. Field is the contract's path
// ("details.ean", "content.food_info.ingredients_es"); Reason an
// UPPER_SNAKE code a client translates; Detail the English explanation;
// Meta the figures (language, allergen, text).
type FieldError struct {
	Field  string
	Reason string
	Detail string
	Meta   map[string]string
	Kind   Kind
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Detail }

// Metadata is the error's metadata with the field named, as the API sends it.
func (e *FieldError) Metadata() map[string]string {
	m := map[string]string{"field": e.Field}
	for k, v := range e.Meta {
		m[k] = v
	}
	return m
}

func invalid(field, reason, detail string) *FieldError {
	return &FieldError{Field: field, Reason: reason, Detail: detail, Kind: Invalid}
}

// Fault words the broken rule for a client of the API: a mistyped field is
// invalid naming it, a refused one carries its reason.
func (e *FieldError) Fault() *fault.Error {
	if e.Kind == Refused {
		return &fault.Error{Kind: fault.Invalid, Reason: e.Reason, Field: e.Field, Message: e.Error(), Metadata: e.Metadata()}
	}
	return &fault.Error{Kind: fault.Invalid, Field: e.Field, Message: e.Field + ": " + e.Detail}
}

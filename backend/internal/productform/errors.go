package productform

// Kind is how a broken rule reaches a client of the API.
type Kind int

const (
	// Invalid is a field the caller typed wrong (InvalidArgument naming it).
	Invalid Kind = iota
	// Refused is a business rule with its own reason (InvalidArgument with
	// an ErrorInfo the back office words itself).
	Refused
	// Taken is a unique code another product holds (AlreadyExists).
	Taken
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

package admin

import (
	"errors"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/productform"
)

// formError words a broken productform rule for the API: a mistyped field
// is InvalidArgument naming it, a refused one carries its reason and
// figures too; every one names its field as a field violation, the shape
// of all field errors.
func formError(err error) error {
	var fe *productform.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	switch fe.Kind {
	case productform.Refused:
		return &fault.Error{Kind: fault.Invalid, Reason: fe.Reason, Field: fe.Field, Message: fe.Error(), Metadata: fe.Metadata()}
	case productform.Taken:
		return &fault.Error{Kind: fault.Conflict, Reason: fe.Reason, Field: fe.Field, Message: fe.Error(), Metadata: fe.Metadata()}
	default:
		return fault.InvalidField(fe.Field, fe.Detail)
	}
}

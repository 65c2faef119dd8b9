package admin

import (
	"errors"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/productform"
)

// formError words a broken productform rule for the API: a mistyped field
// is InvalidArgument naming it, a refused one carries its reason.
func formError(err error) error {
	var fe *productform.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	switch fe.Kind {
	case productform.Refused:
		return &apperr.Business{Code: connect.CodeInvalidArgument, Reason: fe.Reason, Message: fe.Error(), Metadata: fe.Metadata()}
	case productform.Taken:
		return &apperr.Business{Code: connect.CodeAlreadyExists, Reason: fe.Reason, Message: fe.Error(), Metadata: fe.Metadata()}
	default:
		return apperr.Invalid(fe.Field, fe.Detail)
	}
}

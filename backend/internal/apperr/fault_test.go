package apperr_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/fault"
)

// TestFaultAtTheEdge: each kind of fault, however deep in a wrapped chain,
// reaches the client as its code with its reason, causes and field.
func TestFaultAtTheEdge(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		err     error
		code    connect.Code
		reasons []string
		field   string
	}{
		{fault.InvalidField("page", "must be positive"), connect.CodeInvalidArgument, nil, "page"},
		{&fault.Error{Kind: fault.NotFound, Reason: "PRODUCT_NOT_FOUND", Message: "no product 7"}, connect.CodeNotFound, []string{"PRODUCT_NOT_FOUND"}, ""},
		{&fault.Error{Kind: fault.Conflict, Reason: "IMAGE_DUPLICATE", Message: "dup"}, connect.CodeAlreadyExists, []string{"IMAGE_DUPLICATE"}, ""},
		{fmt.Errorf("place order: %w", &fault.Error{Kind: fault.Refused, Message: "lines", Causes: []fault.Cause{
			{Reason: "INSUFFICIENT_STOCK", Metadata: map[string]string{"product_id": "1"}},
			{Reason: "PRODUCT_OFFLINE", Metadata: map[string]string{"product_id": "2"}},
		}}), connect.CodeFailedPrecondition, []string{"INSUFFICIENT_STOCK", "PRODUCT_OFFLINE"}, ""},
		{&fault.Error{Kind: fault.Exhausted, Reason: "TOO_MANY_UNPAID_ORDERS", Message: "pay first"}, connect.CodeResourceExhausted, []string{"TOO_MANY_UNPAID_ORDERS"}, ""},
		{fault.SignInNeeded("sign in first"), connect.CodeUnauthenticated, nil, ""},
		{&fault.Error{Kind: fault.Forbidden, Message: "not yours"}, connect.CodePermissionDenied, nil, ""},
	} {
		got := apperr.ToConnect(context.Background(), "test", tc.err)
		var cerr *connect.Error
		if !errors.As(got, &cerr) || cerr.Code() != tc.code {
			t.Errorf("%v: %v, want %v", tc.err, got, tc.code)
			continue
		}
		var reasons []string
		field := ""
		for _, d := range cerr.Details() {
			v, err := d.Value()
			if err != nil {
				t.Fatal(err)
			}
			switch v := v.(type) {
			case *errdetails.ErrorInfo:
				reasons = append(reasons, v.GetReason())
			case *errdetails.BadRequest:
				field = v.GetFieldViolations()[0].GetField()
			}
		}
		if fmt.Sprint(reasons) != fmt.Sprint(tc.reasons) || field != tc.field {
			t.Errorf("%v: reasons %v field %q, want %v %q", tc.err, reasons, field, tc.reasons, tc.field)
		}
	}
}

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

// TestFaultFieldViolationCarriesReason: a field refused for a named reason
// says it in the field violation too, as a contract rule's violation names
// its rule, so a client reads the field and why from the one detail.
func TestFaultFieldViolationCarriesReason(t *testing.T) {
	t.Parallel()
	err := apperr.ToConnect(context.Background(), "test", &fault.Error{
		Kind: fault.Refused, Reason: "EAN_CHECK_DIGIT", Field: "details.ean", Message: "details.ean: wrong check digit",
	})
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		t.Fatalf("%v is no Connect error", err)
	}
	for _, d := range cerr.Details() {
		v, derr := d.Value()
		if derr != nil {
			t.Fatal(derr)
		}
		if br, ok := v.(*errdetails.BadRequest); ok {
			got := br.GetFieldViolations()[0]
			if got.GetField() != "details.ean" || got.GetReason() != "EAN_CHECK_DIGIT" || got.GetDescription() != "wrong check digit" {
				t.Errorf("violation %v, want details.ean, EAN_CHECK_DIGIT, the message without the field", got)
			}
			return
		}
	}
	t.Errorf("%v has no BadRequest detail", cerr)
}

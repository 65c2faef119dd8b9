// Package connecttest holds the tests' assertions on Connect errors, as a
// client sees them: handlers return domain errors and the apperr
// interceptor maps them at the edge, so each helper maps first.
package connecttest

import (
	"context"
	"errors"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/apperr"
)

// atEdge maps err as the server's error interceptor would.
func atEdge(t testing.TB, err error) *connect.Error {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	var cerr *connect.Error
	if !errors.As(apperr.ToConnect(context.Background(), "test", err), &cerr) {
		t.Fatalf("%v is no Connect error", err)
	}
	return cerr
}

// Code is the code a client sees for err (CodeUnknown for nil, as
// connect.CodeOf says).
func Code(err error) connect.Code {
	return connect.CodeOf(apperr.ToConnect(context.Background(), "test", err))
}

// Detail is the code a client sees for err and what its first detail
// names: the field at fault of a BadRequest, else the reason of an
// ErrorInfo, else "".
func Detail(t testing.TB, err error) (connect.Code, string) {
	t.Helper()
	cerr := atEdge(t, err)
	for _, d := range cerr.Details() {
		if v, derr := d.Value(); derr == nil {
			if br, ok := v.(*errdetails.BadRequest); ok && len(br.FieldViolations) > 0 {
				return cerr.Code(), br.FieldViolations[0].Field
			}
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				return cerr.Code(), info.Reason
			}
		}
	}
	return cerr.Code(), ""
}

// Fields are the fields err's BadRequest details name, in order: where a
// client's form puts the error, whichever check refused the request.
func Fields(t testing.TB, err error) []string {
	t.Helper()
	var out []string
	for _, d := range atEdge(t, err).Details() {
		v, derr := d.Value()
		if derr != nil {
			t.Fatalf("decode detail: %v", derr)
		}
		if br, ok := v.(*errdetails.BadRequest); ok {
			for _, f := range br.GetFieldViolations() {
				out = append(out, f.GetField())
			}
		}
	}
	return out
}

// ErrorInfos are err's ErrorInfo details (reasons and metadata), in order.
func ErrorInfos(t testing.TB, err error) []*errdetails.ErrorInfo {
	t.Helper()
	var out []*errdetails.ErrorInfo
	for _, d := range atEdge(t, err).Details() {
		v, derr := d.Value()
		if derr != nil {
			t.Fatalf("decode detail: %v", derr)
		}
		if info, ok := v.(*errdetails.ErrorInfo); ok {
			out = append(out, info)
		}
	}
	return out
}

package apperr

import (
	"context"
	"errors"
	"strings"

	"buf.build/go/protovalidate"
	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/proto"
)

// Validate checks every request against the rules the contract declares
// (protovalidate) and refuses a broken one with InvalidArgument and a
// BadRequest detail: the same shape as a service's own field check
// (fromFault), so a client reads field errors one way whichever side found
// them. It replaces connectrpc.com/validate, whose buf.validate.Violations
// detail was a second shape.
func Validate() connect.Interceptor {
	return &validator{rules: protovalidate.GlobalValidator}
}

type validator struct {
	rules protovalidate.Validator
}

func (v *validator) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		if err := v.check(req.Any()); err != nil {
			return nil, err
		}
		return next(ctx, req)
	}
}

// WrapStreamingClient leaves the server's own calls out: the rules guard
// what arrives, not what this process sends.
func (v *validator) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

// WrapStreamingHandler checks each message a stream receives
// (ExportCatalogue's request).
func (v *validator) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(ctx, &checkedConn{StreamingHandlerConn: conn, v: v})
	}
}

type checkedConn struct {
	connect.StreamingHandlerConn
	v *validator
}

func (c *checkedConn) Receive(msg any) error {
	if err := c.StreamingHandlerConn.Receive(msg); err != nil {
		return err
	}
	return c.v.check(msg)
}

func (v *validator) check(msg any) error {
	m, ok := msg.(proto.Message)
	if !ok {
		return nil
	}
	err := v.rules.Validate(m)
	if err == nil {
		return nil
	}
	var broken *protovalidate.ValidationError
	if !errors.As(err, &broken) {
		// A rule that cannot be compiled or evaluated: the request may
		// be fine, so the client hears the cause as before, and it
		// carries no field.
		return connect.NewError(connect.CodeInvalidArgument, err)
	}
	return invalidRequest(broken)
}

// invalidRequest is a request that broke the contract's rules: its message
// is protovalidate's summary ("validation error: settings.iban: …"), and
// each broken rule is a field violation naming the field's path as the
// request spells it (lines[2].quantity, snake_case as in the proto), the
// rule's message as description and its id as reason.
func invalidRequest(broken *protovalidate.ValidationError) *connect.Error {
	out := connect.NewError(connect.CodeInvalidArgument, errors.New(broken.Error()))
	violations := make([]*errdetails.BadRequest_FieldViolation, 0, len(broken.Violations))
	for _, b := range broken.Violations {
		description := b.Proto.GetMessage()
		if description == "" {
			description = "invalid value"
		}
		violations = append(violations, &errdetails.BadRequest_FieldViolation{
			Field:       protovalidate.FieldPathString(b.Proto.GetField()),
			Description: description,
			Reason:      ruleReason(b.Proto.GetRuleId()),
		})
	}
	if detail, err := connect.NewErrorDetail(&errdetails.BadRequest{FieldViolations: violations}); err == nil {
		out.AddDetail(detail)
	}
	return out
}

// ruleReason spells a rule id ("string.min_len", "opening_hours.order") as
// google.rpc asks a reason to be: UPPER_SNAKE ("STRING_MIN_LEN").
func ruleReason(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			return r
		default:
			return '_'
		}
	}, id)
}

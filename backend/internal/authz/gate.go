package authz

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/sabores/sabores/backend/internal/auth"
	// Registers the contract's file descriptors, which say which procedures
	// have no side effects.
	_ "github.com/sabores/sabores/gen/go/sabores/v1"
)

// Package is the protobuf package of the API whose procedures are governed.
const Package = "sabores.v1"

// rule is what the gate knows about one procedure.
type rule struct {
	access Access
	// keyScope is the API key scope the procedure needs; "" refuses keys.
	keyScope string
	// noSideEffects is the method's idempotency_level NO_SIDE_EFFECTS: a
	// read, exempt from the origin check.
	noSideEffects bool
}

// Resolver finds who is calling from a request's headers alone
// (auth.Service).
type Resolver interface {
	Resolve(ctx context.Context, h http.Header) (context.Context, error)
}

// Gate enforces Policy on every call before any byte of its body is
// read: connect-go reads, decompresses and decodes a whole message before
// its interceptors run, so a check there let anyone make shopd do that
// work (the review's 81 KB gzip bodies each cost ~7 s and 140 MB before
// their 401). It runs before validation too, so a caller without access
// learns nothing about a request's shape: anonymous callers get
// Unauthenticated, not InvalidArgument.
type Gate struct {
	who     Resolver
	rules   map[string]rule
	origins auth.Origins
}

// New returns the gate. who resolves callers; origins are the pages
// allowed to make cookie-authenticated changes (auth.Service.Origins).
func New(who Resolver, origins auth.Origins) *Gate {
	return &Gate{who: who, rules: rules(), origins: origins}
}

// Admit resolves the caller of procedure from the request's headers and
// decides whether they may make the call: it returns the context carrying
// the caller, or the Connect error to answer with.
func (g *Gate) Admit(ctx context.Context, procedure string, header http.Header) (context.Context, error) {
	ctx, err := g.who.Resolve(ctx, header)
	if errors.Is(err, auth.ErrUnavailable) {
		return ctx, connect.NewError(connect.CodeUnavailable, err)
	}
	if err != nil {
		return ctx, err
	}
	return ctx, g.authorize(ctx, procedure, header)
}

// rules joins the declared policies with the contract's method descriptors.
func rules() map[string]rule {
	out := make(map[string]rule)
	for _, m := range Methods() {
		out[Procedure(m)] = rule{
			access:        Policy(Procedure(m)),
			keyScope:      KeyScopes[Procedure(m)],
			noSideEffects: NoSideEffects(m),
		}
	}
	return out
}

// Methods are every RPC of every service in the API's contract.
func Methods() []protoreflect.MethodDescriptor {
	var methods []protoreflect.MethodDescriptor
	protoregistry.GlobalFiles.RangeFilesByPackage(Package, func(f protoreflect.FileDescriptor) bool {
		for i := range f.Services().Len() {
			svc := f.Services().Get(i)
			for j := range svc.Methods().Len() {
				methods = append(methods, svc.Methods().Get(j))
			}
		}
		return true
	})
	return methods
}

// Procedure is m's Connect procedure name, "/package.Service/Method".
func Procedure(m protoreflect.MethodDescriptor) string {
	return "/" + string(m.Parent().FullName()) + "/" + string(m.Name())
}

// NoSideEffects reports whether the contract marks m as a read.
func NoSideEffects(m protoreflect.MethodDescriptor) bool {
	opts, ok := m.Options().(*descriptorpb.MethodOptions)
	return ok && opts.GetIdempotencyLevel() == descriptorpb.MethodOptions_NO_SIDE_EFFECTS
}

// authorize decides one call.
func (g *Gate) authorize(ctx context.Context, procedure string, header http.Header) error {
	r, ok := g.rules[procedure]
	if !ok || r.access == Deny {
		return connect.NewError(connect.CodePermissionDenied, errors.New("this procedure has no access policy"))
	}
	if auth.CredentialsRejected(ctx) {
		return connect.NewError(connect.CodeUnauthenticated, errors.New("invalid or revoked API key"))
	}
	p := auth.FromContext(ctx)
	switch r.access {
	case SignedIn:
		switch {
		case p.UserID != 0:
		case p.APIKeyID != 0:
			return connect.NewError(connect.CodePermissionDenied, errors.New("API keys cannot act as a shopper"))
		default:
			return connect.NewError(connect.CodeUnauthenticated, errors.New("sign in required"))
		}
	case Till:
		switch {
		case p.Role == auth.RoleAnonymous:
			return connect.NewError(connect.CodeUnauthenticated, errors.New("sign in required"))
		case p.APIKeyID != 0:
			return connect.NewError(connect.CodePermissionDenied, errors.New("API keys cannot sell at the till"))
		case p.Role != auth.RoleTill && p.Role != auth.RoleAdmin:
			return connect.NewError(connect.CodePermissionDenied, errors.New("till staff and admins only"))
		}
	case Admin:
		switch {
		case p.Role == auth.RoleAnonymous:
			return connect.NewError(connect.CodeUnauthenticated, errors.New("sign in required"))
		case p.Role != auth.RoleAdmin:
			return connect.NewError(connect.CodePermissionDenied, errors.New("admins only"))
		case p.APIKeyID != 0 && r.keyScope == "":
			return connect.NewError(connect.CodePermissionDenied, errors.New("signed-in admins only: no API key may call this"))
		case p.APIKeyID != 0 && !p.HasScope(r.keyScope):
			return connect.NewError(connect.CodePermissionDenied, fmt.Errorf("this API key lacks the %s scope", r.keyScope))
		}
	}
	// A session cookie rides along with any request to the shop, so a
	// change made with one must come from the shop's own pages. API keys are
	// sent deliberately and need no such check.
	if p.UserID != 0 && p.APIKeyID == 0 && !r.noSideEffects && !g.origins.Allows(header) {
		return connect.NewError(connect.CodePermissionDenied, errors.New("cross-site request refused"))
	}
	return nil
}

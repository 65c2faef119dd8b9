// Package adminstaffapi serves AdminStaffService over Connect: the owner
// grants and revokes the admin and till roles through auth's use cases
// (GrantRole, RevokeRole), the ones `shopd admin grant` and `revoke` run.
package adminstaffapi

import (
	"context"
	"errors"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminStaffService.
type Handler struct {
	pool *pgxpool.Pool
}

var _ saboresv1connect.AdminStaffServiceHandler = (*Handler)(nil)

// New returns the handler of the staff of the shop stored in pool.
func New(pool *pgxpool.Pool) *Handler { return &Handler{pool: pool} }

// roles are the grantable roles of the contract.
var roles = map[saboresv1.Role]auth.Role{
	saboresv1.Role_ROLE_ADMIN: auth.RoleAdmin,
	saboresv1.Role_ROLE_TILL:  auth.RoleTill,
}

// GrantStaffRole gives the admin or till role, audited as the caller's.
func (h *Handler) GrantStaffRole(ctx context.Context, req *connect.Request[saboresv1.GrantStaffRoleRequest]) (*connect.Response[saboresv1.GrantStaffRoleResponse], error) {
	role, ok := roles[req.Msg.Role]
	if !ok {
		return nil, fault.InvalidField("role", "only the admin and till roles can be granted")
	}
	if err := auth.GrantRole(ctx, h.pool, auth.Caller(ctx), req.Msg.Email, role); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GrantStaffRoleResponse{}), nil
}

// RevokeStaffRole takes the staff role away, audited as the caller's.
func (h *Handler) RevokeStaffRole(ctx context.Context, req *connect.Request[saboresv1.RevokeStaffRoleRequest]) (*connect.Response[saboresv1.RevokeStaffRoleResponse], error) {
	err := auth.RevokeRole(ctx, h.pool, auth.Caller(ctx), req.Msg.Email)
	if errors.Is(err, auth.ErrNotAdmin) {
		return nil, &fault.Error{Kind: fault.NotFound, Reason: "STAFF_NOT_FOUND", Message: "this email holds no staff role and waits for no grant"}
	}
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RevokeStaffRoleResponse{}), nil
}

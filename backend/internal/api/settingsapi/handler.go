// Package settingsapi serves ShopSettingsService over Connect: the shop's
// own details for the storefront, and their editing in the back office,
// through the shopsettings module's use cases.
package settingsapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// publicMaxAge lets shared caches (a CDN) keep the public details for a
// minute: they change a few times a year. Browsers ask again on each visit
// (the app keeps them for the visit), so an owner who has just saved sees
// the new details on the next page load, not a minute later.
const publicMaxAge = "public, max-age=0, s-maxage=60"

// SignInStatus tells how sign-in is set up on this server (auth.Service).
type SignInStatus interface {
	GoogleConfigured() bool
	DevSignIn() bool
}

// Handler implements ShopSettingsService and AdminSettingsService.
type Handler struct {
	settings *shopsettings.Service
	areas    deliveryarea.Policy
	// signIn, pool and queries read and record the sign-in status.
	signIn  SignInStatus
	pool    *pgxpool.Pool
	queries *db.Queries
}

var (
	_ saboresv1connect.ShopSettingsServiceHandler  = (*Handler)(nil)
	_ saboresv1connect.AdminSettingsServiceHandler = (*Handler)(nil)
)

// New returns the handler of the shopsettings module's use cases.
func New(settings *shopsettings.Service) *Handler {
	return &Handler{settings: settings, areas: deliveryarea.Default}
}

// WithDeliveryAreas sets where the shop delivers, which the storefront
// names next to frozen and chilled goods.
func (h *Handler) WithDeliveryAreas(areas deliveryarea.Policy) *Handler {
	h.areas = areas
	return h
}

// WithSignIn sets how sign-in is set up here and where its status is kept.
func (h *Handler) WithSignIn(status SignInStatus, pool *pgxpool.Pool) *Handler {
	h.signIn, h.pool, h.queries = status, pool, db.New(pool)
	return h
}

// GetShopDetails returns the public details, cacheable for a minute.
func (h *Handler) GetShopDetails(ctx context.Context, _ *connect.Request[saboresv1.GetShopDetailsRequest]) (*connect.Response[saboresv1.GetShopDetailsResponse], error) {
	v, _, err := h.settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&saboresv1.GetShopDetailsResponse{Details: toDetails(v), DeliveryAreas: &saboresv1.DeliveryAreas{
		Served: areaNames(h.areas.Served), ColdChain: areaNames(h.areas.ColdChain),
	}})
	res.Header().Set("Cache-Control", publicMaxAge)
	return res, nil
}

// GetShopSettings returns every setting and the checklist of unfinished ones.
func (h *Handler) GetShopSettings(ctx context.Context, _ *connect.Request[saboresv1.GetShopSettingsRequest]) (*connect.Response[saboresv1.GetShopSettingsResponse], error) {
	v, updated, err := h.settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetShopSettingsResponse{
		Settings:   toSettings(v),
		Unfinished: shopsettings.Unfinished(v),
		UpdateTime: timestamp(updated),
	}), nil
}

// UpdateShopSettings saves every setting, normalised and checked.
func (h *Handler) UpdateShopSettings(ctx context.Context, req *connect.Request[saboresv1.UpdateShopSettingsRequest]) (*connect.Response[saboresv1.UpdateShopSettingsResponse], error) {
	saved, updated, err := h.settings.Update(ctx, auth.Caller(ctx), fromSettings(req.Msg.Settings))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShopSettingsResponse{
		Settings:   toSettings(saved),
		Unfinished: shopsettings.Unfinished(saved),
		UpdateTime: timestamp(updated),
	}), nil
}

func timestamp(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func areaNames(areas []deliveryarea.Area) []string {
	out := make([]string, len(areas))
	for i, a := range areas {
		out[i] = string(a)
	}
	return out
}

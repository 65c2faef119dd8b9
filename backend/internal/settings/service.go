// Package settings serves ShopSettingsService: the shop's own details for
// the storefront, and their editing in the back office. The rules and the
// reader other code uses (e-mails, invoices) are in package shop.
package settings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shop"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// publicMaxAge lets shared caches (a CDN) keep the public details for a
// minute: they change a few times a year. Browsers ask again on each visit
// (the app keeps them for the visit), so an owner who has just saved sees
// the new details on the next page load, not a minute later.
const publicMaxAge = "public, max-age=0, s-maxage=60"

// Service implements ShopSettingsService.
type Service struct {
	pool  *pgxpool.Pool
	q     *db.Queries
	areas deliveryarea.Policy
}

var _ saboresv1connect.ShopSettingsServiceHandler = (*Service)(nil)

// New returns the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool), areas: deliveryarea.Default}
}

// WithDeliveryAreas sets where the shop delivers, which the storefront
// names next to frozen and chilled goods.
func (s *Service) WithDeliveryAreas(areas deliveryarea.Policy) *Service {
	s.areas = areas
	return s
}

// GetShopDetails returns the public details, cacheable for a minute.
func (s *Service) GetShopDetails(ctx context.Context, _ *connect.Request[saboresv1.GetShopDetailsRequest]) (*connect.Response[saboresv1.GetShopDetailsResponse], error) {
	v, _, err := shopsettings.Read(ctx, s.q)
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&saboresv1.GetShopDetailsResponse{Details: toDetails(v), DeliveryAreas: &saboresv1.DeliveryAreas{
		Served: areaNames(s.areas.Served), ColdChain: areaNames(s.areas.ColdChain),
	}})
	res.Header().Set("Cache-Control", publicMaxAge)
	return res, nil
}

// GetShopSettings returns every setting and the checklist of unfinished ones.
func (s *Service) GetShopSettings(ctx context.Context, _ *connect.Request[saboresv1.GetShopSettingsRequest]) (*connect.Response[saboresv1.GetShopSettingsResponse], error) {
	v, updated, err := shopsettings.Read(ctx, s.q)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetShopSettingsResponse{
		Settings:   toSettings(v),
		Unfinished: shopsettings.Unfinished(v),
		UpdateTime: timestamp(updated),
	}), nil
}

// UpdateShopSettings normalises, checks and saves every setting with its
// audit record in one transaction.
func (s *Service) UpdateShopSettings(ctx context.Context, req *connect.Request[saboresv1.UpdateShopSettingsRequest]) (*connect.Response[saboresv1.UpdateShopSettingsResponse], error) {
	after := shopsettings.Normalize(fromSettings(req.Msg.Settings))
	if err := shopsettings.Validate(after); err != nil {
		var fe *shopsettings.FieldError
		if errors.As(err, &fe) {
			return nil, fault.InvalidField("settings."+fe.Field, fe.Message)
		}
		return nil, err
	}
	value, err := json.Marshal(after)
	if err != nil {
		return nil, fmt.Errorf("settings: encode: %w", err)
	}
	var saved db.SettingPutRow
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var before *shopsettings.Settings
		row, err := q.SettingGetForUpdate(ctx, shopsettings.SettingKey)
		switch {
		case err == nil:
			old, err := shopsettings.Decode(row.Value)
			if err != nil {
				return err
			}
			before = &old
		case !errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("settings: read before saving: %w", err)
		}
		if saved, err = q.SettingPut(ctx, db.SettingPutParams{Key: shopsettings.SettingKey, Value: value, UpdatedBy: auth.ActorUserID(ctx)}); err != nil {
			return fmt.Errorf("settings: save: %w", err)
		}
		return shop.Audit(ctx, q, auth.Caller(ctx), "shop.settings", "setting:"+shopsettings.SettingKey, before, after)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShopSettingsResponse{
		Settings:   toSettings(after),
		Unfinished: shopsettings.Unfinished(after),
		UpdateTime: timestamp(saved.UpdatedAt),
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

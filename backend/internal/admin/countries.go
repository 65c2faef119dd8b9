package admin

import (
	"context"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListCountryConfigs lists every country's tile in home-grid order.
func (s *Service) ListCountryConfigs(ctx context.Context, _ *connect.Request[saboresv1.ListCountryConfigsRequest]) (*connect.Response[saboresv1.ListCountryConfigsResponse], error) {
	rows, err := s.q.CountryConfigList(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: list countries: %w", err)
	}
	res := &saboresv1.ListCountryConfigsResponse{}
	for _, c := range rows {
		res.Countries = append(res.Countries, apimap.CountryToProto(c))
	}
	return connect.NewResponse(res), nil
}

// countryConfig is a country tile as the audit trail keeps it.
type countryConfig struct {
	Name              string `json:"name"`
	NamePt            string `json:"name_pt"`
	FlagEmoji         string `json:"flag_emoji"`
	ImageURL          string `json:"image_url"`
	BackgroundClasses string `json:"background_classes"`
	Href              string `json:"href"`
}

// UpdateCountryConfig saves a country tile (the old screen only showed an
// alert), recording the old and new values.
func (s *Service) UpdateCountryConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateCountryConfigRequest]) (*connect.Response[saboresv1.UpdateCountryConfigResponse], error) {
	m := req.Msg
	after := countryConfig{Name: m.Name, NamePt: m.NamePt, FlagEmoji: m.FlagEmoji, ImageURL: m.ImageUrl, BackgroundClasses: m.BackgroundClasses, Href: m.Href}
	var out db.Country
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		cur, err := q.CountryConfigBySlugForUpdate(ctx, m.Slug)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "COUNTRY_NOT_FOUND",
				Message: fmt.Sprintf("country %q does not exist", m.Slug), Metadata: map[string]string{"country": m.Slug}}
		}
		if err != nil {
			return fmt.Errorf("admin: read country %s: %w", m.Slug, err)
		}
		before := countryConfig{Name: cur.Name, NamePt: cur.NamePt, FlagEmoji: cur.FlagEmoji, ImageURL: cur.ImageURL, BackgroundClasses: cur.BackgroundClasses, Href: cur.Href}
		if before == after {
			out = cur
			return nil
		}
		if out, err = q.CountryConfigUpdate(ctx, db.CountryConfigUpdateParams{
			Slug: m.Slug, Name: m.Name, NamePt: m.NamePt, FlagEmoji: m.FlagEmoji, ImageURL: m.ImageUrl,
			BackgroundClasses: m.BackgroundClasses, Href: m.Href, UpdatedBy: auth.ActorUserID(ctx),
		}); err != nil {
			return fmt.Errorf("admin: update country %s: %w", m.Slug, err)
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "country.config", "country:"+m.Slug, before, after)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateCountryConfigResponse{Country: apimap.CountryToProto(out)}), nil
}

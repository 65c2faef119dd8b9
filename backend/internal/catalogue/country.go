package catalogue

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// CountryTile is a country of origin's tile on the home page, as the back
// office edits it and the audit trail keeps it.
type CountryTile struct {
	Name              string `json:"name"`
	NamePt            string `json:"name_pt"`
	FlagEmoji         string `json:"flag_emoji"`
	ImageURL          string `json:"image_url"`
	BackgroundClasses string `json:"background_classes"`
	Href              string `json:"href"`
}

// UpdateCountry saves the tile of the country slug in its own transaction,
// recording the old and new values as done by by; saving what is there
// changes nothing. An unknown slug is COUNTRY_NOT_FOUND.
func (s *Service) UpdateCountry(ctx context.Context, by audit.Caller, slug string, after CountryTile) (db.Country, error) {
	var out db.Country
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		cur, err := q.CountryConfigBySlugForUpdate(ctx, slug)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "COUNTRY_NOT_FOUND",
				Message: fmt.Sprintf("country %q does not exist", slug), Metadata: map[string]string{"country": slug}}
		}
		if err != nil {
			return fmt.Errorf("catalogue: read country %s: %w", slug, err)
		}
		before := CountryTile{Name: cur.Name, NamePt: cur.NamePt, FlagEmoji: cur.FlagEmoji, ImageURL: cur.ImageURL,
			BackgroundClasses: cur.BackgroundClasses, Href: cur.Href}
		if before == after {
			out = cur
			return nil
		}
		if out, err = q.CountryConfigUpdate(ctx, db.CountryConfigUpdateParams{
			Slug: slug, Name: after.Name, NamePt: after.NamePt, FlagEmoji: after.FlagEmoji, ImageURL: after.ImageURL,
			BackgroundClasses: after.BackgroundClasses, Href: after.Href, UpdatedBy: userOf(by),
		}); err != nil {
			return fmt.Errorf("catalogue: update country %s: %w", slug, err)
		}
		return audit.Record(ctx, q, by, "country.config", "country:"+slug, before, after)
	})
	return out, err
}

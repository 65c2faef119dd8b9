package apimap

import (
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// CountryToProto maps a country to the contract as the back office edits
// it: the Spanish name and the Portuguese one. The storefront's tiles use
// LocalizedCountry.
func CountryToProto(c db.Country) *saboresv1.Country {
	return &saboresv1.Country{
		Slug:              c.Slug,
		Name:              c.Name,
		NamePt:            c.NamePt,
		FlagEmoji:         c.FlagEmoji,
		ImageUrl:          c.ImageURL,
		BackgroundClasses: c.BackgroundClasses,
		Href:              c.Href,
		SortOrder:         c.SortOrder,
		Aliases:           c.Aliases,
		ShowOnHome:        c.ShowOnHome,
	}
}

// LocalizedCountry maps a country for the storefront: its name in the
// language asked for (Portuguese falling back to Spanish), and no second name.
func LocalizedCountry(c db.Country, lang saboresv1.Language) *saboresv1.Country {
	out := CountryToProto(c)
	out.NamePt = ""
	if lang == saboresv1.Language_LANGUAGE_PT && c.NamePt != "" {
		out.Name = c.NamePt
	}
	return out
}

package apimap

import (
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ShopDetails maps the shop's public details: what the storefront shows
// and, with the IBAN, what the back office edits.
func ShopDetails(s shopsettings.Settings) *saboresv1.ShopDetails {
	d := &saboresv1.ShopDetails{
		LegalName: s.LegalName,
		Nif:       s.NIF,
		Address: &saboresv1.ShopAddress{
			Street:     s.Address.Street,
			PostalCode: s.Address.PostalCode,
			City:       s.Address.City,
			Province:   s.Address.Province,
		},
		Phone:        s.Phone,
		Whatsapp:     s.WhatsApp,
		Email:        s.Email,
		InstagramUrl: s.InstagramURL,
		FacebookUrl:  s.FacebookURL,
	}
	for _, h := range s.OpeningHours {
		d.OpeningHours = append(d.OpeningHours, &saboresv1.OpeningHours{DayOfWeek: h.Day, Opens: h.Opens, Closes: h.Closes})
	}
	return d
}

package settingsapi

import (
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func toDetails(s shopsettings.Settings) *saboresv1.ShopDetails {
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

func toSettings(s shopsettings.Settings) *saboresv1.ShopSettings {
	return &saboresv1.ShopSettings{Details: toDetails(s), Iban: s.IBAN}
}

// fromSettings reads validated settings: the contract requires details and
// their address, so neither is nil here.
func fromSettings(m *saboresv1.ShopSettings) shopsettings.Settings {
	d := m.GetDetails()
	a := d.GetAddress()
	s := shopsettings.Settings{
		LegalName:    d.GetLegalName(),
		NIF:          d.GetNif(),
		Address:      shopsettings.Address{Street: a.GetStreet(), PostalCode: a.GetPostalCode(), City: a.GetCity(), Province: a.GetProvince()},
		Phone:        d.GetPhone(),
		WhatsApp:     d.GetWhatsapp(),
		Email:        d.GetEmail(),
		InstagramURL: d.GetInstagramUrl(),
		FacebookURL:  d.GetFacebookUrl(),
		IBAN:         m.GetIban(),
	}
	for _, h := range d.GetOpeningHours() {
		s.OpeningHours = append(s.OpeningHours, shopsettings.Hours{Day: h.GetDayOfWeek(), Opens: h.GetOpens(), Closes: h.GetCloses()})
	}
	return s
}

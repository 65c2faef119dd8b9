package adminsettingsapi

import (
	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func toSettings(s shopsettings.Settings) *saboresv1.ShopSettings {
	return &saboresv1.ShopSettings{Details: apimap.ShopDetails(s), Iban: s.IBAN, ProducerRegister: s.ProducerRegister}
}

// fromSettings reads validated settings: the contract requires details and
// their address, so neither is nil here.
func fromSettings(m *saboresv1.ShopSettings) shopsettings.Settings {
	d := m.GetDetails()
	a := d.GetAddress()
	s := shopsettings.Settings{
		LegalName:        d.GetLegalName(),
		NIF:              d.GetNif(),
		Address:          shopsettings.Address{Street: a.GetStreet(), PostalCode: a.GetPostalCode(), City: a.GetCity(), Province: a.GetProvince()},
		Phone:            d.GetPhone(),
		WhatsApp:         d.GetWhatsapp(),
		Email:            d.GetEmail(),
		InstagramURL:     d.GetInstagramUrl(),
		FacebookURL:      d.GetFacebookUrl(),
		IBAN:             m.GetIban(),
		ProducerRegister: m.GetProducerRegister(),
	}
	for _, h := range d.GetOpeningHours() {
		s.OpeningHours = append(s.OpeningHours, shopsettings.Hours{Day: h.GetDayOfWeek(), Opens: h.GetOpens(), Closes: h.GetCloses()})
	}
	return s
}

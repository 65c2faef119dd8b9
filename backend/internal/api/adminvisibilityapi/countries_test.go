package adminvisibilityapi_test

import (
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/api/adminvisibilityapi"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/visibility"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func TestCountryConfig(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	svc := adminvisibilityapi.New(visibility.New(f.Pool), catalogue.New(f.Pool), f.Pool)
	res, err := svc.UpdateCountryConfig(f.Ctx, connect.NewRequest(&saboresv1.UpdateCountryConfigRequest{
		Slug: "brasil", Name: "Brasil", NamePt: "Brasil (pt)", FlagEmoji: "🇧🇷", ImageUrl: "/flags/br.svg",
		BackgroundClasses: "from-green-500 to-yellow-400", Href: "/brasil",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Msg.Country.ImageUrl != "/flags/br.svg" {
		t.Errorf("saved %v", res.Msg.Country)
	}
	list, err := svc.ListCountryConfigs(f.Ctx, connect.NewRequest(&saboresv1.ListCountryConfigsRequest{}))
	if err != nil || len(list.Msg.Countries) != 2 || list.Msg.Countries[0].BackgroundClasses != "from-green-500 to-yellow-400" ||
		list.Msg.Countries[0].NamePt != "Brasil (pt)" {
		t.Errorf("ListCountryConfigs after update: %v, %v", list, err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'country.config' AND entity = 'country:brasil'
		AND old_value->>'image_url' = '' AND new_value->>'image_url' = '/flags/br.svg'
		AND new_value->>'name_pt' = 'Brasil (pt)'`); n != 1 {
		t.Errorf("%d audit rows for the country change, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM countries WHERE slug = 'brasil' AND updated_by = $1`, f.Admin); n != 1 {
		t.Error("the country does not record who changed it")
	}
	_, err = svc.UpdateCountryConfig(f.Ctx, connect.NewRequest(&saboresv1.UpdateCountryConfigRequest{Slug: "atlantida", Name: "Atlántida"}))
	if code, _ := connecttest.Detail(t, err); code != connect.CodeNotFound {
		t.Errorf("unknown country: %v, want NotFound", code)
	}
}

package shop_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/shop"
)

// TestTrackingURL links the carriers the shop uses, however the admin
// typed their name, and no other.
func TestTrackingURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ carrier, number, want string }{
		{"Correos", "PQ4B2", "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ4B2"},
		{" correos ", "PQ4B2", "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ4B2"},
		{"Seur", "123 45", "https://www.seur.com/livetracking/?segOnlineIdentificador=123+45"},
		{"MRW", "0260&x=1", "https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio=0260%26x%3D1"},
		{"gls", "ZX9", "https://gls-group.com/ES/es/seguimiento-envios/?match=ZX9"},
		{"Correos-Express", "E1", "https://s.correosexpress.com/search?shippingNumber=E1"},
		{"Mensajería Paco", "77", ""},
		{"Correos", "  ", ""},
	}
	for _, tt := range tests {
		if got := shop.TrackingURL(tt.carrier, tt.number); got != tt.want {
			t.Errorf("TrackingURL(%q, %q) = %q, want %q", tt.carrier, tt.number, got, tt.want)
		}
	}
}

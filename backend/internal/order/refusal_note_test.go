package order

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/payment"
)

// TestRefusalNoteIsPlainWords: the timeline a shopper reads says what the
// bank did, in their language, without the gateway's order and code.
func TestRefusalNoteIsPlainWords(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ method, language, want string }{
		{payment.MethodCard, "pt", "O banco recusou o cartão"},
		{payment.MethodCard, "es", "El banco rechazó la tarjeta"},
		{payment.MethodBizum, "pt", "O banco recusou o pagamento com Bizum"},
		{payment.MethodBizum, "es", "El banco rechazó el pago con Bizum"},
	} {
		if got := refusalNote(tt.method, tt.language); got != tt.want {
			t.Errorf("refusalNote(%s, %s) = %q, want %q", tt.method, tt.language, got, tt.want)
		}
	}
}

package mail_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/mail"
)

var shop = mail.Identity{
	Name: "Sabores", LegalName: "Sabores del Mundo S.L.", TaxID: "B12345678", Address: "Calle Mayor 1, 28013 Madrid",
	Email: "hola@sabores.es", Phone: "+34 910 000 000", IBAN: "ES91 2100 0418 4502 0005 1332", Beneficiary: "Sabores del Mundo S.L.",
	PublicURL: "https://sabores.es", TermsURL: "https://sabores.es/condiciones", WithdrawalURL: "https://sabores.es/desistimiento",
}

func order(lang, method string) mail.Order {
	return mail.Order{
		ID: 4711, Language: lang, PlacedAt: time.Date(2026, 11, 24, 10, 30, 0, 0, time.UTC), PaymentMethod: method,
		Lines: []mail.Line{
			{Name: "Guaraná Antarctica", Quantity: 2, UnitCents: 250, TotalCents: 500, VATBasisPoints: 1000},
			{Name: "Kaiak Perfume", Quantity: 1, UnitCents: 123456, TotalCents: 123456, VATBasisPoints: 2100},
		},
		SubtotalCents: 123956, TotalCents: 123956,
		DeliveryName: "María Silva", DeliveryAddress: "Rúa do Porto 1", DeliveryPostalCode: "27880", DeliveryCity: "Burela",
		DeliveryPhone: "+34 600 000 000",
	}
}

func TestRenderOrderReceived(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, lang, method, subject string
		want                        []string
	}{
		{"transfer in Spanish", "es", "transfer", "Hemos recibido tu pedido #4711 — Sabores", []string{
			"ES91 2100 0418 4502 0005 1332", "Referencia", "4711", "1239,56\u00a0€",
			"10 %", "21 %", "4,55\u00a0€", "0,45\u00a0€", "Desistir del contrato aquí", "https://sabores.es/desistimiento",
			"https://sabores.es/condiciones", "B12345678", "Rúa do Porto 1", "27880 Burela",
		}},
		{"card in Portuguese", "pt", "card", "Recebemos a sua encomenda #4711 — Sabores", []string{
			"30 minutos", "Desistir do contrato aqui", "Base tributável", "1239,56\u00a0€",
		}},
		{"unknown language falls back to Spanish", "fr", "cash", "Hemos recibido tu pedido #4711 — Sabores", []string{
			"Contra reembolso",
		}},
	}
	for _, tt := range tests {
		subject, html, text, err := mail.Render(mail.OrderReceived, order(tt.lang, tt.method), shop)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if subject != tt.subject {
			t.Errorf("%s: subject %q, want %q", tt.name, subject, tt.subject)
		}
		for _, w := range tt.want {
			if !strings.Contains(html, w) || !strings.Contains(text, w) {
				t.Errorf("%s: %q missing from html (%v) or text (%v)", tt.name, w, strings.Contains(html, w), strings.Contains(text, w))
			}
		}
		if tt.method != "transfer" && strings.Contains(text, shop.IBAN) {
			t.Errorf("%s: IBAN shown for a %s order", tt.name, tt.method)
		}
	}
}

func TestRenderOtherKinds(t *testing.T) {
	t.Parallel()
	o := order("es", "card")
	o.Carrier, o.TrackingNumber, o.TrackingURL = "Correos", "PQ123", "https://track.example/PQ123"
	o.CancelNote, o.WasPaid = "sin stock", true
	tests := []struct {
		kind mail.Kind
		want []string
	}{
		{mail.PaymentReceived, []string{"Hemos recibido el pago"}},
		{mail.Shipped, []string{"Correos", "PQ123", "https://track.example/PQ123"}},
		{mail.InTransit, []string{"El transportista ya tiene tu pedido", "Correos", "PQ123", "https://track.example/PQ123"}},
		{mail.Delivered, []string{"ha sido entregado", "https://track.example/PQ123", "Desde hoy tienes 14 días naturales", "https://sabores.es/desistimiento"}},
		{mail.Cancelled, []string{"sin stock", "14 días"}},
	}
	for _, tt := range tests {
		_, html, text, err := mail.Render(tt.kind, o, shop)
		if err != nil {
			t.Fatalf("%s: %v", tt.kind, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(html, w) || !strings.Contains(text, w) {
				t.Errorf("%s: %q missing", tt.kind, w)
			}
		}
	}
	o.Language = "pt"
	for kind, want := range map[mail.Kind]string{mail.InTransit: "A transportadora já tem a sua encomenda", mail.Delivered: "14 dias de calendário"} {
		if _, html, text, err := mail.Render(kind, o, shop); err != nil || !strings.Contains(html, want) || !strings.Contains(text, want) {
			t.Errorf("%s in Portuguese: %q missing (%v)", kind, want, err)
		}
	}
	pickup := order("pt", "cash")
	pickup.PickupCode = "K7P3QX"
	for kind, want := range map[mail.Kind][]string{
		mail.ReadyForPickup: {"está pronta para levantar", "espera por si na nossa loja", "K7P3QX", shop.Address},
		mail.Collected:      {"Levantou a sua encomenda", "14 dias de calendário", "https://sabores.es/pt/desistimiento"},
	} {
		subject, html, text, err := mail.Render(kind, pickup, shop)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		for _, w := range want {
			if !strings.Contains(subject+html, w) || !strings.Contains(subject+text, w) {
				t.Errorf("%s in Portuguese: %q missing", kind, w)
			}
		}
	}
	if _, _, _, err := mail.Render("welcome", o, shop); err == nil {
		t.Error("an unknown kind rendered")
	}
}

func TestMessageIDIsStable(t *testing.T) {
	t.Parallel()
	a := mail.MessageID(7, mail.Shipped, "Sabores <pedidos@sabores.es>")
	if a != "<order-7-shipped@sabores.es>" || a != mail.MessageID(7, mail.Shipped, "Sabores <pedidos@sabores.es>") {
		t.Errorf("message id %q", a)
	}
}

// TestRenderBizumAndCashSurcharge: a Bizum order names its method and how
// to finish paying; a cash order shows its surcharge as a line, its VAT
// shared across the goods' rates in proportion to their bases.
func TestRenderBizumAndCashSurcharge(t *testing.T) {
	t.Parallel()
	_, html, text, err := mail.Render(mail.OrderReceived, order("es", "bizum"), shop)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Bizum", "página del pedido"} {
		if !strings.Contains(html, w) || !strings.Contains(text, w) {
			t.Errorf("Bizum order: %q missing", w)
		}
	}
	o := order("pt", "cash")
	o.SurchargeCents, o.TotalCents = 121, o.TotalCents+121
	_, html, text, err = mail.Render(mail.OrderReceived, o, shop)
	if err != nil {
		t.Fatal(err)
	}
	// Bases 4,55 € (10 %) and 1020,30 € (21 %): 1,21 € splits 0,0054 and
	// 1,2046, so 1 cent at 10 % (the larger remainder) and 1,20 € at 21 %,
	// 0,99 € of base: the 21 % base grows from 1020,30 € to 1021,29 €,
	// the 10 % one from 4,55 € to 4,56 €.
	for _, w := range []string{"Sobretaxa de pagamento à cobrança", "1,21\u00a0€", "1021,29\u00a0€", "4,56\u00a0€", "1240,77\u00a0€"} {
		if !strings.Contains(html, w) || !strings.Contains(text, w) {
			t.Errorf("cash order with a surcharge: %q missing", w)
		}
	}
}

// TestRenderWithdrawalEmails: the acknowledgement states the date and time
// received to the second (Madrid), the lines and the refund deadline; the
// refund names its amount, method and reference; the order e-mail carries
// the signed link and the model form of Annex I(B).
func TestRenderWithdrawalEmails(t *testing.T) {
	t.Parallel()
	o := order("es", "cash")
	o.WithdrawalLink = "https://sabores.es/desistir#4711.abc"
	_, html, text, err := mail.Render(mail.OrderReceived, o, shop)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"https://sabores.es/desistir#4711.abc", "Modelo de formulario de desistimiento", "Sabores del Mundo S.L., Calle Mayor 1"} {
		if !strings.Contains(text, want) || !strings.Contains(html, want) {
			t.Errorf("order e-mail lacks %q", want)
		}
	}
	o.Withdrawal = &mail.Withdrawal{
		ID: 9, RequestedAt: time.Date(2026, 11, 24, 9, 41, 7, 0, time.UTC), RefundDeadline: time.Date(2026, 12, 8, 9, 41, 7, 0, time.UTC),
		Lines: []mail.WithdrawalLine{{Name: "Kaiak Perfume", Quantity: 1, TotalCents: 123456, SealedHygiene: true}},
	}
	subject, _, text, err := mail.Render(mail.WithdrawalReceived, o, shop)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Recibido el: 24/11/2026 10:41:07 (hora de Madrid)", "Kaiak Perfume × 1", "sin abrir", "08/12/2026", "Calle Mayor 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("acknowledgement lacks %q:\n%s", want, text)
		}
	}
	if subject != "Desistimiento recibido del pedido #4711 — Sabores" {
		t.Errorf("subject = %q", subject)
	}
	o.Language = "pt"
	o.Withdrawal.RefundCents, o.Withdrawal.RefundMethod, o.Withdrawal.RefundReference = 123456, "bank_transfer", "TRF-1"
	_, _, text, err = mail.Render(mail.WithdrawalRefunded, o, shop)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Valor devolvido: 1234,56\u00a0€", "por transferência bancária", "TRF-1"} {
		if !strings.Contains(text, want) {
			t.Errorf("refund e-mail lacks %q:\n%s", want, text)
		}
	}
}

// TestWithdrawalEmailsInBothLanguages: in Spanish and in Portuguese, the
// order e-mail labels the signed link with the function's legal name and
// carries the model withdrawal form of Annex I(B); the acknowledgement states
// the date and time received, to the second, in Madrid time, and says a
// sealed hygiene product is accepted if it comes back unopened.
func TestWithdrawalEmailsInBothLanguages(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang                      string
		button, form, notice      string
		subject, received, sealed string
	}{
		{"es", "Desistir del contrato aquí", "Modelo de formulario de desistimiento", "desisto/desistimos",
			"Desistimiento recibido del pedido #4711 — Sabores", "Recibido el: 24/11/2026 10:41:07 (hora de Madrid)", "sin abrir"},
		{"pt", "Desistir do contrato aqui", "Modelo de formulário de livre resolução", "resolvo/resolvemos",
			"Livre resolução recebida da encomenda #4711 — Sabores", "Recebida em: 24/11/2026 10:41:07 (hora de Madrid)", "por abrir"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			t.Parallel()
			o := order(tt.lang, "card")
			o.WithdrawalLink = "https://sabores.es/desistir#4711.abc"
			_, html, text, err := mail.Render(mail.OrderReceived, o, shop)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(html, `<a href="https://sabores.es/desistir#4711.abc" style="color:#b45309;font-weight:bold">`+tt.button+`</a>`) {
				t.Errorf("the order e-mail's HTML has no link labelled %q to the signed link", tt.button)
			}
			if !strings.Contains(text, tt.button+": https://sabores.es/desistir#4711.abc") {
				t.Errorf("the order e-mail's text has no %q line with the signed link:\n%s", tt.button, text)
			}
			for _, want := range []string{tt.form, tt.notice} {
				if !strings.Contains(text, want) || !strings.Contains(html, want) {
					t.Errorf("the order e-mail lacks the model form's %q", want)
				}
			}
			o.Withdrawal = &mail.Withdrawal{
				ID: 9, RequestedAt: time.Date(2026, 11, 24, 9, 41, 7, 0, time.UTC), RefundDeadline: time.Date(2026, 12, 8, 9, 41, 7, 0, time.UTC),
				Lines: []mail.WithdrawalLine{{Name: "Kaiak Perfume", Quantity: 1, TotalCents: 123456, SealedHygiene: true}},
			}
			subject, html, text, err := mail.Render(mail.WithdrawalReceived, o, shop)
			if err != nil {
				t.Fatal(err)
			}
			if subject != tt.subject {
				t.Errorf("subject = %q, want %q", subject, tt.subject)
			}
			for _, want := range []string{tt.received, tt.sealed, "Kaiak Perfume × 1"} {
				if !strings.Contains(text, want) {
					t.Errorf("the acknowledgement lacks %q:\n%s", want, text)
				}
			}
			if at := tt.received[:strings.Index(tt.received, ": ")]; !strings.Contains(html, at+": <strong>24/11/2026 10:41:07 (hora de Madrid)</strong>") {
				t.Errorf("the acknowledgement's HTML lacks the date and time received after %q", at)
			}
		})
	}
}

// TestCancelledSaysTheRefundGoesBackToTheCard: an order cancelled with its
// card or Bizum refund asked says where the money goes, in each language;
// one cancelled after a transfer keeps the general promise.
func TestCancelledSaysTheRefundGoesBackToTheCard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lang, method string
		asked        bool
		want         string
	}{
		{"es", "card", true, "devolución del importe pagado a tu tarjeta"},
		{"es", "bizum", true, "devolución del importe pagado a tu Bizum"},
		{"pt", "card", true, "devolução do valor pago ao seu cartão"},
		{"pt", "bizum", true, "devolução do valor pago ao seu Bizum"},
		{"es", "transfer", false, "por el mismo medio en un plazo máximo de 14 días"},
	}
	for _, tt := range tests {
		o := order(tt.lang, tt.method)
		o.WasPaid, o.RefundAsked = true, tt.asked
		_, html, text, err := mail.Render(mail.Cancelled, o, shop)
		if err != nil {
			t.Fatalf("%s %s: %v", tt.lang, tt.method, err)
		}
		if !strings.Contains(html, tt.want) || !strings.Contains(text, tt.want) {
			t.Errorf("%s %s: %q missing", tt.lang, tt.method, tt.want)
		}
	}
}

// TestRenderDispatchDay: the confirmation of a frozen or chilled order says
// the day it leaves the shop, in both languages; an ambient one says nothing.
func TestRenderDispatchDay(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string]string{"es": "Salida prevista de tu pedido: 30/11/2026", "pt": "Saída prevista da sua encomenda: 30/11/2026"} {
		o := order(lang, "card")
		o.DispatchOn = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
		_, html, text, err := mail.Render(mail.OrderReceived, o, shop)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, want) || !strings.Contains(html, "30/11/2026") {
			t.Errorf("%s: dispatch day missing:\n%s", lang, text)
		}
		_, _, text, err = mail.Render(mail.OrderReceived, order(lang, "card"), shop)
		if err != nil || strings.Contains(text, "prevista") {
			t.Errorf("%s: an ambient order names a dispatch day: %v", lang, err)
		}
	}
}

// TestRenderBankRefunded: the bank refund of a cancelled transfer order
// names the amount, the bank's reference and the day, in both languages.
func TestRenderBankRefunded(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ lang, subject, intro string }{
		{"es", "Te hemos devuelto el importe del pedido #4711 — Sabores", "por transferencia bancaria"},
		{"pt", "Devolvemos-lhe o valor da encomenda #4711 — Sabores", "por transferência bancária"},
	} {
		o := order(tt.lang, "transfer")
		o.BankRefund = &mail.BankRefund{AmountCents: 123956, Reference: "TRF-2026-0042", Day: "10/01/2026"}
		subject, html, text, err := mail.Render(mail.BankRefunded, o, shop)
		if err != nil {
			t.Fatal(err)
		}
		if subject != tt.subject {
			t.Errorf("%s subject %q", tt.lang, subject)
		}
		for _, want := range []string{tt.intro, "1239,56\u00a0€", "TRF-2026-0042", "10/01/2026"} {
			if !strings.Contains(text, want) || !strings.Contains(html, want) {
				t.Errorf("%s bank refund e-mail lacks %q:\n%s", tt.lang, want, text)
			}
		}
	}
}

// An e-mail writes an amount as the site and the invoice do (money.Format:
// grouped from five digits, a point in Spanish, a no-break space in
// Portuguese, a no-break space before "€" so a total never wraps) and a
// time in Madrid, labelled: 10:30 UTC in November is 11:30 there.
func TestEmailsWriteMoneyAndTimesAsTheSiteDoes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ lang, total, placed string }{
		{"es", "12.345,67\u00a0€", "Fecha: 24/11/2026 11:30 (hora de Madrid)"},
		{"pt", "12\u00a0345,67\u00a0€", "Data: 24/11/2026 11:30 (hora de Madrid)"},
	} {
		o := order(tt.lang, "transfer")
		o.Lines[1].TotalCents, o.SubtotalCents, o.TotalCents = 1234067, 1234567, 1234567
		_, html, text, err := mail.Render(mail.OrderReceived, o, shop)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{tt.total, tt.placed} {
			if !strings.Contains(html, want) || !strings.Contains(text, want) {
				t.Errorf("%s: %q missing from html (%t) or text (%t)", tt.lang, want, strings.Contains(html, want), strings.Contains(text, want))
			}
		}
	}
}

// The payment e-mail says how much was paid and how, and where the invoice
// is; a transfer's reference is the one a bank statement shows; amounts in
// the tables never wrap on a phone.
func TestPaymentAndTransferEmailsSayWhatABankStatementShows(t *testing.T) {
	t.Parallel()
	// The order page opens in the order's language (Portuguese under /pt).
	for _, tt := range []struct{ lang, method, paid, page string }{
		{"es", "card", "Importe pagado: 1239,56\u00a0€ con tarjeta", "https://sabores.es/orders/4711"},
		{"pt", "bizum", "Valor pago: 1239,56\u00a0€ com Bizum", "https://sabores.es/pt/orders/4711"},
		{"es", "transfer", "Importe pagado: 1239,56\u00a0€ por transferencia bancaria", "https://sabores.es/orders/4711"},
	} {
		o := order(tt.lang, tt.method)
		_, html, text, err := mail.Render(mail.PaymentReceived, o, shop)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, tt.paid) || !strings.Contains(text, tt.page+"\n") {
			t.Errorf("%s %s payment e-mail lacks %q or the order page's link %s:\n%s", tt.lang, tt.method, tt.paid, tt.page, text)
		}
		if !strings.Contains(html, `<a href="`+tt.page+`"`) {
			t.Errorf("%s %s payment e-mail's HTML has no link to the invoice at %s", tt.lang, tt.method, tt.page)
		}
	}

	o := order("es", "transfer")
	o.TransferReference = "SABORES-4711"
	_, html, text, err := mail.Render(mail.OrderReceived, o, shop)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Referencia: SABORES-4711") || !strings.Contains(html, "<strong>SABORES-4711</strong>") {
		t.Errorf("the transfer's reference is not SABORES-4711:\n%s", text)
	}
	if !strings.Contains(html, `<td style="text-align:right;white-space:nowrap"><strong>1239,56`+"\u00a0€</strong>") {
		t.Errorf("the total may wrap on a phone:\n%s", html)
	}
}

// TestRenderDiscountCode: an order sold with a code shows the code and
// what it took off, in both languages, and the VAT table is net of its
// parts by rate, as the invoice is.
func TestRenderDiscountCode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang string
		want []string
	}{
		// 1,00 € off: 0,40 € at 10 % (base 0,36, VAT 0,04) and 0,60 € at
		// 21 % (0,50 + 0,10): the 10 % base 4,55 € − 0,36 = 4,19 €, its
		// VAT 0,45 € − 0,04 = 0,41 €.
		{"es", []string{"Descuento VERAO10", "−1,00\u00a0€", "4,19\u00a0€", "0,41\u00a0€", "1238,56\u00a0€"}},
		{"pt", []string{"Desconto VERAO10", "−1,00\u00a0€", "4,19\u00a0€", "0,41\u00a0€", "1238,56\u00a0€"}},
	} {
		o := order(tc.lang, "card")
		o.TotalCents -= 100
		o.Discount = &mail.Discount{Code: "VERAO10", AmountCents: 100, Parts: []mail.VATRate{
			{BasisPoints: 1000, BaseCents: 36, VATCents: 4}, {BasisPoints: 2100, BaseCents: 50, VATCents: 10},
		}}
		for _, kind := range []mail.Kind{mail.OrderReceived, mail.PaymentReceived} {
			_, html, text, err := mail.Render(kind, o, shop)
			if err != nil {
				t.Fatal(err)
			}
			want := tc.want
			if kind == mail.PaymentReceived {
				want = want[:2] // no lines nor VAT table, the amount paid and the code
			}
			for _, w := range want {
				if !strings.Contains(html, w) || !strings.Contains(text, w) {
					t.Errorf("%s %s: %q missing from html (%v) or text (%v)", tc.lang, kind, w, strings.Contains(html, w), strings.Contains(text, w))
				}
			}
		}
	}
}

// TestRenderCartReminder: the reminder lists the cart, links back to it and
// carries the unsubscribe link, in the subscriber's language.
func TestRenderCartReminder(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang, subject string
		want          []string
	}{
		{"es", "Tu carrito te espera — Sabores", []string{"Guaraná × 2", "Volver a mi carrito", "https://sabores.es/cart", "Darse de baja", "https://sabores.es/baja"}},
		{"pt", "O seu carrinho está à sua espera — Sabores", []string{"Guaraná × 2", "Voltar ao meu carrinho", "https://sabores.es/pt/cart", "Cancelar a subscrição"}},
	} {
		url := "https://sabores.es/cart"
		if tc.lang == "pt" {
			url = "https://sabores.es/pt/cart"
		}
		subject, html, text, err := mail.RenderCartReminder(mail.Cart{
			Language: tc.lang, Lines: []mail.CartLine{{Name: "Guaraná", Quantity: 2}}, CartURL: url, UnsubscribeURL: "https://sabores.es/baja",
		}, shop)
		if err != nil {
			t.Fatal(err)
		}
		if subject != tc.subject {
			t.Errorf("%s: subject %q", tc.lang, subject)
		}
		for _, w := range tc.want {
			if !strings.Contains(html, w) || !strings.Contains(text, w) {
				t.Errorf("%s: %q missing from html (%v) or text (%v)", tc.lang, w, strings.Contains(html, w), strings.Contains(text, w))
			}
		}
	}
}

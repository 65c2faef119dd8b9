package mail

import "maps"

// LotRecall is the e-mail telling the shopper of an online order that a
// lot it took is recalled (issue 40, Reg. 178/2002 art. 19): what, why,
// what to do and how the money comes back.
const LotRecall Kind = "lot_recall"

// Recall is what a recall e-mail says of the recall.
type Recall struct {
	// ProductName is the product in the order's language.
	ProductName string
	// LotCodes are the recalled lots the order took.
	LotCodes string
	// Units are the units of those lots the order holds.
	Units  int32
	Reason string
}

// recallTexts are the recall e-mail's words, merged into texts; {email}
// is the shop's address.
var recallTexts = map[string]map[string]string{
	"es": {
		"subject.lot_recall": "Aviso importante: retiramos un producto de tu pedido #{id} — {shop}",
		"intro.lot_recall":   "Por tu seguridad, retiramos del mercado un producto que compraste en este pedido.",
		"recall.product":     "Producto",
		"recall.lots":        "Lote",
		"recall.units":       "Unidades de ese lote en tu pedido",
		"recall.reason":      "Motivo",
		"recall.what":        "No lo consumas. Si lo tienes en casa, tíralo o guárdalo aparte; no hace falta que nos lo envíes.",
		"recall.refund":      "Te devolvemos el importe de esas unidades aunque no nos las devuelvas: responde a este correo (o escríbenos a {email}) con el número de pedido y te lo reembolsamos por el mismo medio de pago en un plazo máximo de 14 días.",
	},
	"pt": {
		"subject.lot_recall": "Aviso importante: retiramos um produto da sua encomenda #{id} — {shop}",
		"intro.lot_recall":   "Pela sua segurança, estamos a retirar do mercado um produto que comprou nesta encomenda.",
		"recall.product":     "Produto",
		"recall.lots":        "Lote",
		"recall.units":       "Unidades desse lote na sua encomenda",
		"recall.reason":      "Motivo",
		"recall.what":        "Não o consuma. Se o tem em casa, deite-o fora ou guarde-o à parte; não precisa de no-lo enviar.",
		"recall.refund":      "Devolvemos-lhe o valor dessas unidades mesmo que não no-las devolva: responda a este e-mail (ou escreva-nos para {email}) com o número da encomenda e reembolsamos pelo mesmo meio de pagamento no prazo máximo de 14 dias.",
	},
}

func init() {
	for lang, t := range recallTexts {
		maps.Copy(texts[lang], t)
	}
}

package mail

import (
	"strconv"
	"strings"
	"time"
)

// LotExpiryDigest is the weekly e-mail to the owner of the lots expiring
// soon (issue 40, docs/lots.md).
const LotExpiryDigest Kind = "lot_expiry_digest"

// DigestLot is one lot of the digest.
type DigestLot struct {
	Product, Code string
	// Expires is a civil date at midnight UTC.
	Expires   time.Time
	UseBy     bool
	Remaining int32
	Blocked   int32
	// SellPast: a best-before lot the owner sells past its date.
	SellPast bool
}

// LotDigest is what the digest says: the lots dated before Until (a civil
// date), soonest first, and the back office screen to act on them.
type LotDigest struct {
	Lots  []DigestLot
	Days  int
	Until time.Time
	Link  string
}

// digestTexts are the digest's words, apart from the customers' texts.
var digestTexts = map[string]map[string]string{
	"es": {
		"subject":   "{n} lotes caducan en los próximos {days} días — {shop}",
		"subject1":  "1 lote caduca en los próximos {days} días — {shop}",
		"intro":     "Estos lotes tienen fecha antes del {until} (hora de Madrid). Véndelos primero, rebájalos o retíralos.",
		"product":   "Producto",
		"lot":       "Lote",
		"date":      "Fecha",
		"units":     "A la venta",
		"blocked":   "Bloqueadas",
		"useBy":     "caducidad",
		"bestBef":   "consumo preferente",
		"sellPast":  "se vende pasada la fecha",
		"action":    "Desde la lista puedes iniciar una rebaja por caducidad próxima, que sigue las reglas de las promociones.",
		"open":      "Abrir los lotes que caducan",
		"sentEvery": "Este aviso se envía los lunes a las 08:00 (hora de Madrid) cuando hay lotes que caducan; los días se cambian en las reglas de los lotes.",
	},
	"pt": {
		"subject":   "{n} lotes expiram nos próximos {days} dias — {shop}",
		"subject1":  "1 lote expira nos próximos {days} dias — {shop}",
		"intro":     "Estes lotes têm data antes de {until} (hora de Madrid). Venda-os primeiro, baixe o preço ou retire-os.",
		"product":   "Produto",
		"lot":       "Lote",
		"date":      "Data",
		"units":     "À venda",
		"blocked":   "Bloqueadas",
		"useBy":     "data-limite de consumo",
		"bestBef":   "consumir de preferência antes de",
		"sellPast":  "vende-se depois da data",
		"action":    "A partir da lista pode iniciar uma redução por validade próxima, que segue as regras das promoções.",
		"open":      "Abrir os lotes que expiram",
		"sentEvery": "Este aviso é enviado às segundas-feiras às 08:00 (hora de Madrid) quando há lotes a expirar; os dias mudam-se nas regras dos lotes.",
	},
}

// digestView is what the digest's templates see.
type digestView struct {
	Lang   string
	T      map[string]string
	Shop   Identity
	Digest LotDigest
}

// RenderLotDigest writes the digest in lang (es or pt; Spanish otherwise).
func RenderLotDigest(d LotDigest, shop Identity, lang string) (subject, html, text string, err error) {
	if _, ok := digestTexts[lang]; !ok {
		lang = "es"
	}
	v := digestView{Lang: lang, T: digestTexts[lang], Shop: shop, Digest: d}
	subject = v.T["subject"]
	if len(d.Lots) == 1 {
		subject = v.T["subject1"]
	}
	subject = strings.NewReplacer("{n}", strconv.Itoa(len(d.Lots)), "{days}", strconv.Itoa(d.Days), "{shop}", shop.Name).Replace(subject)
	v.T = withUntil(v.T, d.Until)
	html, text, err = renderView("lot_digest", lang, v)
	return subject, html, text, err
}

// withUntil is t with the intro's date written in.
func withUntil(t map[string]string, until time.Time) map[string]string {
	out := make(map[string]string, len(t))
	for k, v := range t {
		out[k] = strings.ReplaceAll(v, "{until}", until.Format("02/01/2006"))
	}
	return out
}

package carrier

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/pdfpage"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// Slip is what one order's packing slip shows: what goes in the parcel and
// what the carrier must do at the door.
type Slip struct {
	Order db.Order
	Lines []db.OrderLine
	// Lots are the lots each line takes (lots.RecordOrderLines), what the
	// packer picks; none for an order prepared before lots.
	Lots   []db.OrderLineLotsRow
	Parcel *db.Parcel
	// ShopName is the sender.
	ShopName string
	// CODCents is the amount to collect at the door, 0 for none.
	CODCents int64
	// AgeNote is the ID check the carrier must make (AgeNote), "" for none.
	AgeNote string
}

// slipTexts are a slip's words in one language; the age note stays in
// Spanish, the carrier's language, whatever the slip's.
var slipTexts = map[string]map[string]string{
	"es": {
		"title": "Albarán del pedido #%d", "from": "Remitente", "to": "Entregar a", "quantity": "Cant.",
		"product": "Producto", "packed": "Hecho", "units": "Unidades: %d", "cod": "Cobrar al entregar: %s",
		"coldChain": "Cadena de frío: sale el %s", "tracking": "Envío: %s %s", "weight": "Peso: %s kg",
		"lot": "Lote %s", "unknownLot": "Sin lote", "best_before": "cons. pref. %s", "use_by": "caduca %s",
	},
	"pt": {
		"title": "Guia de remessa da encomenda #%d", "from": "Remetente", "to": "Entregar a", "quantity": "Qtd.",
		"product": "Produto", "packed": "Feito", "units": "Unidades: %d", "cod": "Cobrar na entrega: %s",
		"coldChain": "Cadeia de frio: sai a %s", "tracking": "Envio: %s %s", "weight": "Peso: %s kg",
		"lot": "Lote %s", "unknownLot": "Sem lote", "best_before": "cons. pref. %s", "use_by": "validade %s",
	},
}

// RenderSlips draws the slips in lang ("es" or "pt"; anything else is
// Spanish), one A4 page each.
func RenderSlips(slips []Slip, lang string) ([]byte, error) {
	t, ok := slipTexts[lang]
	if !ok {
		t = slipTexts["es"]
	}
	doc, err := pdfpage.New(pdfpage.A4, "Albaranes")
	if err != nil {
		return nil, err
	}
	for _, s := range slips {
		drawSlip(doc, s, t, lang)
	}
	return doc.Bytes()
}

const (
	slipMargin = 15.0
	slipWidth  = 180.0
)

func drawSlip(doc *pdfpage.Doc, s Slip, t map[string]string, lang string) {
	o := s.Order
	doc.AddPage()
	y := slipMargin
	doc.Font(true, 18)
	doc.Text(slipMargin, y, slipWidth, 10, fmt.Sprintf(t["title"], o.ID), pdfpage.Left)
	y += 14
	doc.Font(true, 9)
	doc.Text(slipMargin, y, 85, 5, t["from"], pdfpage.Left)
	doc.Text(slipMargin+90, y, 90, 5, t["to"], pdfpage.Left)
	y += 6
	doc.Font(false, 10)
	doc.Lines(slipMargin, y, 85, 5, s.ShopName)
	doc.Font(true, 13)
	y = doc.Lines(slipMargin+90, y, 90, 6,
		o.DeliveryName+"\n"+o.DeliveryAddress+"\n"+o.DeliveryPostalCode+" "+o.DeliveryCity+"\n"+o.DeliveryPhone)
	y += 4
	// What the carrier must do at the door, boxed so nobody packs past it.
	var warnings []string
	if s.CODCents > 0 {
		warnings = append(warnings, fmt.Sprintf(t["cod"], money.Format(s.CODCents, lang)))
	}
	if s.AgeNote != "" {
		warnings = append(warnings, s.AgeNote)
	}
	if o.DispatchOn.Valid {
		warnings = append(warnings, fmt.Sprintf(t["coldChain"], o.DispatchOn.Time.Format("02/01/2006")))
	}
	for _, w := range warnings {
		doc.Box(slipMargin, y, slipWidth, 10, 0.8)
		doc.Font(true, 13)
		doc.Text(slipMargin+3, y, slipWidth-6, 10, w, pdfpage.Left)
		y += 12
	}
	if p := s.Parcel; p != nil {
		doc.Font(false, 10)
		doc.Text(slipMargin, y, slipWidth, 6, fmt.Sprintf(t["tracking"], p.Carrier, p.TrackingNumber), pdfpage.Left)
		y += 6
		doc.Text(slipMargin, y, slipWidth, 6, fmt.Sprintf(t["weight"], kilos(p.WeightGrams)), pdfpage.Left)
		y += 6
	}
	y += 4
	doc.Font(true, 10)
	doc.Text(slipMargin, y, 20, 7, t["quantity"], pdfpage.Left)
	doc.Text(slipMargin+20, y, 140, 7, t["product"], pdfpage.Left)
	doc.Text(slipMargin+160, y, 20, 7, t["packed"], pdfpage.Center)
	y += 7
	doc.Line(slipMargin, y, slipMargin+slipWidth, y, 0.6)
	var units int32
	for _, l := range s.Lines {
		name := l.ProductName
		if lang == "pt" && l.ProductNamePt != "" {
			name = l.ProductNamePt
		}
		doc.Font(true, 12)
		doc.Text(slipMargin, y+1, 20, 7, strconv.Itoa(int(l.Quantity)), pdfpage.Left)
		doc.Font(false, 11)
		doc.Text(slipMargin+20, y+1, 140, 7, name, pdfpage.Left)
		doc.Box(slipMargin+167, y+2, 5, 5, 0.4)
		y += 8
		for _, lot := range s.Lots {
			if lot.LineNo != l.LineNo {
				continue
			}
			doc.Font(false, 10)
			doc.Text(slipMargin+20, y, 140, 5, lotLabel(lot, t), pdfpage.Left)
			y += 5
		}
		doc.Line(slipMargin, y+1, slipMargin+slipWidth, y+1, 0.2)
		units += l.Quantity
	}
	y += 4
	doc.Font(false, 10)
	doc.Text(slipMargin, y, slipWidth, 6, fmt.Sprintf(t["units"], units), pdfpage.Left)
}

// lotLabel is what a slip says of units of a lot a line takes: which lot
// to pick and its date, so the packer takes the one the shop allotted.
func lotLabel(l db.OrderLineLotsRow, t map[string]string) string {
	if l.Code == nil {
		return fmt.Sprintf("%d × %s", l.Quantity, t["unknownLot"])
	}
	out := fmt.Sprintf("%d × "+t["lot"], l.Quantity, *l.Code)
	if l.DateType != nil && l.ExpiresOn.Valid {
		out += " · " + fmt.Sprintf(t[*l.DateType], l.ExpiresOn.Time.Format("02/01/2006"))
	}
	return out
}

// kilos writes grams as kilograms with three decimals and a comma.
func kilos(grams int32) string {
	return fmt.Sprintf("%d,%03d", grams/1000, grams%1000)
}

// slip reads what order o's packing slip shows.
func (s *Service) slip(ctx context.Context, q *db.Queries, o db.Order, shopName string) (Slip, error) {
	lines, err := q.ListOrderLines(ctx, []int64{o.ID})
	if err != nil {
		return Slip{}, fmt.Errorf("carrier: lines of order %d: %w", o.ID, err)
	}
	picks, err := lots.LineLots(ctx, q, []int64{o.ID})
	if err != nil {
		return Slip{}, err
	}
	p, err := order.ParcelOf(ctx, q, o.ID)
	if err != nil {
		return Slip{}, err
	}
	return Slip{
		Order: o, Lines: lines, Lots: picks, Parcel: p, ShopName: shopName,
		CODCents: CODCents(o), AgeNote: s.ageNote(o, p),
	}, nil
}

// PackingSlip is one order's packing slip in lang, named for saving, its
// printing audited.
func (s *Service) PackingSlip(ctx context.Context, orderID int64, lang string, by audit.Caller) (pdf []byte, name string, err error) {
	var slip Slip
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		o, err := q.GetOrder(ctx, orderID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("carrier: order %d: %w", orderID, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("carrier: read order %d: %w", orderID, err)
		}
		shop, _, err := shopsettings.Read(ctx, q)
		if err != nil {
			return err
		}
		if slip, err = s.slip(ctx, q, o, shop.LegalName); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "parcel.slip", fmt.Sprintf("order:%d", orderID), nil, nil)
	})
	if err != nil {
		return nil, "", err
	}
	pdf, err = RenderSlips([]Slip{slip}, lang)
	return pdf, fmt.Sprintf("albaran-pedido-%d.pdf", orderID), err
}

// PackingSlips are the slips of a day's orders in lang (OrdersForSlips:
// those being prepared and those whose label was bought on day, YYYY-MM-DD
// in the shop's zone, "" for today), one page each, with how many there
// are; printing them is audited.
func (s *Service) PackingSlips(ctx context.Context, day, lang string, by audit.Caller) (pdf []byte, name string, count int, err error) {
	now := s.opts.Now().In(shoptime.Madrid)
	from := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, shoptime.Madrid)
	if day != "" {
		if from, err = time.ParseInLocation(time.DateOnly, day, shoptime.Madrid); err != nil {
			return nil, "", 0, fault.InvalidField("day", "must be a date (YYYY-MM-DD)")
		}
	}
	var slips []Slip
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		orders, err := q.OrdersForSlips(ctx, db.OrdersForSlipsParams{DayFrom: from, DayTo: from.AddDate(0, 0, 1)})
		if err != nil {
			return fmt.Errorf("carrier: orders of %s: %w", from.Format(time.DateOnly), err)
		}
		shop, _, err := shopsettings.Read(ctx, q)
		if err != nil {
			return err
		}
		for _, o := range orders {
			slip, err := s.slip(ctx, q, o, shop.LegalName)
			if err != nil {
				return err
			}
			slips = append(slips, slip)
		}
		return audit.Record(ctx, q, by, "parcel.slips", "day:"+from.Format(time.DateOnly), nil, map[string]int{"orders": len(slips)})
	})
	if err != nil || len(slips) == 0 {
		return nil, "", 0, err
	}
	pdf, err = RenderSlips(slips, lang)
	return pdf, "albaranes-" + from.Format(time.DateOnly) + ".pdf", len(slips), err
}

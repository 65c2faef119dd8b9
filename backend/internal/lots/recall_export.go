package lots

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/csvcell"
	"github.com/sabores/sabores/backend/internal/pdfpage"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// The exports' formats.
const (
	ExportCSV = "csv"
	ExportPDF = "pdf"
)

// Export is a file for the authority.
type Export struct {
	Content     []byte
	FileName    string
	ContentType string
}

// exportTexts are the export's words in each language.
var exportTexts = map[string]map[string]string{
	"es": {
		"title": "Retirada %d: %s", "reason": "Motivo", "started": "Iniciada", "lots": "Lotes",
		"back": "Un paso atrás: proveedores y entradas", "forward": "Un paso adelante: pedidos y ventas en tienda",
		"section": "sección", "lot": "lote", "expires": "fecha", "date_type": "tipo de fecha",
		"supplier": "proveedor", "supplier_tax_id": "NIF proveedor", "supplier_contact": "contacto proveedor",
		"document": "albarán", "date": "fecha", "units": "unidades", "order": "pedido", "channel": "canal",
		"customer": "cliente", "customer_tax_id": "NIF cliente", "status": "estado",
		"row.back": "atrás", "row.forward": "adelante", "web": "en línea", "store": "tienda",
		"consumer": "consumidor final", "best_before": "consumo preferente", "use_by": "caducidad",
		"none": "Ninguna", "product": "Producto", "times": "Horas de Madrid",
	},
	"pt": {
		"title": "Recolha %d: %s", "reason": "Motivo", "started": "Iniciada", "lots": "Lotes",
		"back": "Um passo atrás: fornecedores e entradas", "forward": "Um passo à frente: encomendas e vendas na loja",
		"section": "secção", "lot": "lote", "expires": "data", "date_type": "tipo de data",
		"supplier": "fornecedor", "supplier_tax_id": "NIF fornecedor", "supplier_contact": "contacto fornecedor",
		"document": "guia", "date": "data", "units": "unidades", "order": "encomenda", "channel": "canal",
		"customer": "cliente", "customer_tax_id": "NIF cliente", "status": "estado",
		"row.back": "atrás", "row.forward": "à frente", "web": "online", "store": "loja",
		"consumer": "consumidor final", "best_before": "consumo preferencial", "use_by": "data-limite",
		"none": "Nenhuma", "product": "Produto", "times": "Horas de Madrid",
	},
}

// exportRow is one line of the export, back or forward.
type exportRow struct {
	Back                                  bool
	Lot, Expires, DateType                string
	Party, PartyTaxID, Contact, Reference string
	Date, Channel, Status                 string
	Units                                 int32
}

// rows are the recall's lines: its deliveries (one step back), then its
// sales (one step forward). A consumer is named by order number only: the
// authority asks for the businesses supplied (Reg. 178/2002 art. 18.3),
// and the recall screen has the shoppers' contacts.
func (d RecallDetail) rows(t map[string]string) []exportRow {
	lotOf := map[int64][3]string{}
	for _, l := range d.Lots {
		code, typ := "", ""
		if l.Code != nil {
			code = *l.Code
		}
		if l.DateType != nil {
			typ = t[*l.DateType]
		}
		exp := ""
		if l.ExpiresOn.Valid {
			exp = l.ExpiresOn.Time.Format("02/01/2006")
		}
		lotOf[l.ID] = [3]string{code, exp, typ}
	}
	var out []exportRow
	for _, dl := range d.Deliveries {
		l := lotOf[dl.LotID]
		contact := strings.Join(nonEmpty(dl.SupplierContact, dl.SupplierEmail, dl.SupplierPhone), " · ")
		out = append(out, exportRow{Back: true, Lot: l[0], Expires: l[1], DateType: l[2],
			Party: dl.SupplierName, PartyTaxID: dl.SupplierTaxID, Contact: contact, Reference: dl.DocumentNumber,
			Date: dl.DeliveredOn.Time.Format("02/01/2006"), Units: dl.Quantity})
	}
	for _, s := range d.Sales {
		l := lotOf[s.LotID]
		party := t["consumer"]
		if s.BusinessName != "" {
			party = s.BusinessName
		}
		out = append(out, exportRow{Lot: l[0], Expires: l[1], DateType: l[2],
			Party: party, PartyTaxID: s.BusinessTaxID, Reference: strconv.FormatInt(s.OrderID, 10),
			Date: s.CreatedAt.In(shoptime.Madrid).Format("02/01/2006 15:04"), Channel: t[s.Channel], Status: s.Status,
			Units: s.Quantity})
	}
	return out
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ExportRecall is a recall for the authority as CSV or PDF, its headings
// in lang (es or pt).
func (s *Service) ExportRecall(ctx context.Context, id int64, format, lang string) (Export, error) {
	d, err := s.Recall(ctx, id)
	if err != nil {
		return Export{}, err
	}
	t, ok := exportTexts[lang]
	if !ok {
		t = exportTexts["es"]
	}
	name := fmt.Sprintf("retirada-%d", id)
	if lang == "pt" {
		name = fmt.Sprintf("recolha-%d", id)
	}
	if format == ExportPDF {
		b, err := recallPDF(d, t)
		return Export{Content: b, FileName: name + ".pdf", ContentType: "application/pdf"}, err
	}
	b, err := recallCSV(d, t)
	return Export{Content: b, FileName: name + ".csv", ContentType: "text/csv; charset=utf-8"}, err
}

// recallCSV is one row per delivery line and per sale, UTF-8, every text
// cell guarded against being read as a formula.
func recallCSV(d RecallDetail, t map[string]string) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := []string{t["section"], t["lot"], t["expires"], t["date_type"], t["supplier"] + " / " + t["customer"],
		t["supplier_tax_id"] + " / " + t["customer_tax_id"], t["supplier_contact"],
		t["document"] + " / " + t["order"], t["date"], t["channel"], t["status"], t["units"]}
	if err := w.Write(head); err != nil {
		return nil, err
	}
	for _, r := range d.rows(t) {
		section := t["row.forward"]
		if r.Back {
			section = t["row.back"]
		}
		rec := []string{section, r.Lot, r.Expires, r.DateType, r.Party, r.PartyTaxID, r.Contact, r.Reference,
			r.Date, r.Channel, r.Status, strconv.Itoa(int(r.Units))}
		for i := range rec {
			rec[i] = csvcell.Guard(rec[i])
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// recallPDF draws the same on A4 pages: the recall, then the two steps as
// tables.
func recallPDF(d RecallDetail, t map[string]string) ([]byte, error) {
	doc, err := pdfpage.New(pdfpage.A4, fmt.Sprintf(t["title"], d.Recall.ID, d.Recall.ProductName))
	if err != nil {
		return nil, err
	}
	const left, width, bottom = 15.0, 180.0, 280.0
	doc.AddPage()
	doc.Font(true, 14)
	y := doc.Lines(left, 15, width, 7, fmt.Sprintf(t["title"], d.Recall.ID, d.Recall.ProductName))
	doc.Font(false, 10)
	codes := make([]string, 0, len(d.Lots))
	for _, l := range d.Lots {
		if l.Code != nil {
			c := *l.Code
			if l.ExpiresOn.Valid {
				c += " (" + l.ExpiresOn.Time.Format("02/01/2006") + ")"
			}
			codes = append(codes, c)
		}
	}
	y = doc.Lines(left, y+2, width, 5, t["product"]+": "+d.Recall.ProductName+" · EAN "+d.Recall.ProductEan)
	y = doc.Lines(left, y, width, 5, t["lots"]+": "+strings.Join(codes, ", "))
	y = doc.Lines(left, y, width, 5, t["started"]+": "+shoptime.DateTime(d.Recall.StartedAt, "es"))
	y = doc.Lines(left, y, width, 5, t["reason"]+": "+d.Recall.Reason)
	rows := d.rows(t)
	type col struct {
		head string
		w    float64
		cell func(exportRow) string
	}
	table := func(title string, back bool, cols []col) {
		y += 4
		doc.Font(true, 11)
		y = doc.Lines(left, y, width, 6, title)
		header := func() {
			doc.Font(true, 8)
			x := left
			for _, c := range cols {
				doc.Text(x, y, c.w, 5, c.head, pdfpage.Left)
				x += c.w
			}
			y += 5
			doc.Line(left, y, left+width, y, 0.2)
			doc.Font(false, 8)
		}
		header()
		any := false
		for _, r := range rows {
			if r.Back != back {
				continue
			}
			any = true
			if y > bottom {
				doc.AddPage()
				y = 15
				header()
			}
			x := left
			for _, c := range cols {
				doc.Text(x, y, c.w, 5, clip(c.cell(r), c.w), pdfpage.Left)
				x += c.w
			}
			y += 5
		}
		if !any {
			y = doc.Lines(left, y, width, 5, t["none"])
		}
	}
	table(t["back"], true, []col{
		{t["lot"], 22, func(r exportRow) string { return r.Lot }},
		{t["expires"], 18, func(r exportRow) string { return r.Expires }},
		{t["supplier"], 42, func(r exportRow) string { return r.Party }},
		{t["supplier_tax_id"], 22, func(r exportRow) string { return r.PartyTaxID }},
		{t["document"], 26, func(r exportRow) string { return r.Reference }},
		{t["date"], 18, func(r exportRow) string { return r.Date }},
		{t["units"], 14, func(r exportRow) string { return strconv.Itoa(int(r.Units)) }},
		{t["supplier_contact"], 18, func(r exportRow) string { return r.Contact }},
	})
	table(t["forward"], false, []col{
		{t["lot"], 22, func(r exportRow) string { return r.Lot }},
		{t["order"], 18, func(r exportRow) string { return r.Reference }},
		{t["date"], 26, func(r exportRow) string { return r.Date }},
		{t["channel"], 16, func(r exportRow) string { return r.Channel }},
		{t["customer"], 50, func(r exportRow) string { return r.Party }},
		{t["customer_tax_id"], 22, func(r exportRow) string { return r.PartyTaxID }},
		{t["units"], 14, func(r exportRow) string { return strconv.Itoa(int(r.Units)) }},
	})
	doc.Font(false, 7)
	doc.Text(left, bottom+5, width, 4, t["times"], pdfpage.Left)
	return doc.Bytes()
}

// clip shortens s to about what a cell w millimetres wide at 8 points
// holds (some 2 mm a character), so a long name does not run into the
// next column.
func clip(s string, w float64) string {
	n := int(w / 1.6)
	r := []rune(s)
	if len(r) <= n || n < 2 {
		return s
	}
	return string(r[:n-1]) + "…"
}

package invoice_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// The element sequences of the AEAT's SuministroInformacion.xsd
// (RegistroFacturacionAltaType, RegistroFacturacionAnulacionType), optional
// elements included: a record's children must appear in this order. The
// message is also validated against the vendored schema (xsd_test.go);
// these checks say which element is wrong when it fails.
var (
	altaSequence = []string{
		"IDVersion", "IDFactura", "RefExterna", "NombreRazonEmisor", "Subsanacion", "RechazoPrevio", "TipoFactura",
		"TipoRectificativa", "FacturasRectificadas", "FacturasSustituidas", "ImporteRectificacion", "FechaOperacion",
		"DescripcionOperacion", "FacturaSimplificadaArt7273", "FacturaSinIdentifDestinatarioArt61d", "Macrodato",
		"EmitidaPorTerceroODestinatario", "Tercero", "Destinatarios", "Cupon", "Desglose", "CuotaTotal", "ImporteTotal",
		"Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "NumRegistroAcuerdoFacturacion",
		"IdAcuerdoSistemaInformatico", "TipoHuella", "Huella", "Signature",
	}
	altaRequired = []string{"IDVersion", "IDFactura", "NombreRazonEmisor", "TipoFactura", "DescripcionOperacion",
		"Desglose", "CuotaTotal", "ImporteTotal", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "TipoHuella", "Huella"}
	anulacionSequence = []string{"IDVersion", "IDFactura", "RefExterna", "SinRegistroPrevio", "RechazoPrevio", "GeneradoPor",
		"Generador", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "TipoHuella", "Huella", "Signature"}
	detalleSequence = []string{"Impuesto", "ClaveRegimen", "CalificacionOperacion", "OperacionExenta", "TipoImpositivo",
		"BaseImponibleOimporteNoSujeto", "BaseImponibleACoste", "CuotaRepercutida"}
)

const (
	nsLR = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd"
	nsSF = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd"
)

// node is a parsed element: its namespace, name, text and children.
type node struct {
	Space, Name, Text string
	Children          []*node
}

func parse(t *testing.T, data []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := &node{}
	stack := []*node{root}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the submission is not well-formed XML: %v", err)
		}
		top := stack[len(stack)-1]
		switch e := tok.(type) {
		case xml.StartElement:
			n := &node{Space: e.Name.Space, Name: e.Name.Local}
			top.Children = append(top.Children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top.Text += string(bytes.TrimSpace(e))
		}
	}
	return root.Children[0]
}

func (n *node) child(name string) *node {
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// inSequence checks that n's children follow seq, each once, and that
// every required one is there.
func inSequence(t *testing.T, n *node, seq, required []string) {
	t.Helper()
	pos := -1
	var names []string
	for _, c := range n.Children {
		names = append(names, c.Name)
		i := slices.Index(seq, c.Name)
		if i <= pos {
			t.Errorf("%s: %s out of the schema's order (children %v)", n.Name, c.Name, names)
		}
		pos = i
		if c.Space != nsSF {
			t.Errorf("%s in namespace %q, want SuministroInformacion's", c.Name, c.Space)
		}
	}
	for _, r := range required {
		if !slices.Contains(names, r) {
			t.Errorf("%s lacks the required %s", n.Name, r)
		}
	}
}

// TestSubmissionXML builds the SuministroLR message for a simplified
// invoice, a complete one replacing it, a corrective one and a
// cancellation, and checks it against the schema's structure and the chain.
func TestSubmissionXML(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	orderID := b.order(t)
	var simple db.Invoice
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
		var err error
		if simple, err = b.invoicer.IssueForPaidOrder(ctx, tx, orderID); err != nil {
			return simple, err
		}
		if _, err = b.invoicer.IssueComplete(ctx, tx, orderID, invoice.Buyer{TaxID: "X1234567L", Name: "Ana Souza", Address: "Rua 1"}); err != nil {
			return simple, err
		}
		if _, err = b.invoicer.Cancel(ctx, tx, simple.ID); err != nil {
			return simple, err
		}
		return b.invoicer.IssueCorrective(ctx, tx, orderID, "desistimiento", invoice.Correction{LineNo: 2, Quantity: 1})
	}); err != nil {
		t.Fatal(err)
	}
	records, err := invoice.PendingRecords(ctx, b.pool, 0)
	if err != nil {
		t.Fatal(err)
	}
	out, err := invoice.SubmissionXML(invoice.Issuer(testIssuer), invoice.Sabores, records)
	if err != nil {
		t.Fatal(err)
	}
	validateSubmission(t, out)
	root := parse(t, out)
	if root.Space != nsLR || root.Name != "RegFactuSistemaFacturacion" {
		t.Fatalf("root %s %s", root.Space, root.Name)
	}
	if nif := root.child("Cabecera").child("ObligadoEmision").child("NIF").Text; nif != "B12345674" {
		t.Errorf("Cabecera NIF %q", nif)
	}
	regs := root.Children[1:]
	if len(regs) != 4 {
		t.Fatalf("%d RegistroFactura, want 4", len(regs))
	}
	wantTypes := []string{"F2", "F3", "", "R1"}
	prevHash := ""
	for i, reg := range regs {
		if reg.Space != nsLR || reg.Name != "RegistroFactura" || len(reg.Children) != 1 {
			t.Fatalf("record %d: %s %s with %d children", i, reg.Space, reg.Name, len(reg.Children))
		}
		rec := reg.Children[0]
		if wantTypes[i] == "" {
			inSequence(t, rec, anulacionSequence, []string{"IDVersion", "IDFactura", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "TipoHuella", "Huella"})
		} else {
			inSequence(t, rec, altaSequence, altaRequired)
			if got := rec.child("TipoFactura").Text; got != wantTypes[i] {
				t.Errorf("record %d TipoFactura %s, want %s", i, got, wantTypes[i])
			}
			for _, d := range rec.child("Desglose").Children {
				inSequence(t, d, detalleSequence, []string{"BaseImponibleOimporteNoSujeto"})
			}
		}
		chain := rec.child("Encadenamiento")
		if i == 0 {
			if chain.child("PrimerRegistro").Text != "S" {
				t.Error("the first record does not say it is the first")
			}
		} else if got := chain.child("RegistroAnterior").child("Huella").Text; got != prevHash {
			t.Errorf("record %d links to %s, want %s", i, got, prevHash)
		}
		prevHash = rec.child("Huella").Text
		if prevHash != records[i].Record.Hash {
			t.Errorf("record %d Huella %s, stored %s", i, prevHash, records[i].Record.Hash)
		}
	}
	rectified := regs[3].Children[0].child("FacturasRectificadas").child("IDFacturaRectificada").child("NumSerieFactura").Text
	if rectified == simple.SeriesNumber || rectified == "" {
		t.Errorf("the corrective invoice rectifies %q, want the complete invoice", rectified)
	}
	if dest := regs[1].Children[0].child("Destinatarios").child("IDDestinatario").child("NIF").Text; dest != "X1234567L" {
		t.Errorf("Destinatario NIF %q", dest)
	}
}

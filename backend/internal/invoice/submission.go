package invoice

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"

	"github.com/sabores/sabores/backend/internal/buildinfo"
	"github.com/sabores/sabores/backend/internal/db"
)

// The AEAT's namespaces of SuministroLR.xsd and SuministroInformacion.xsd
// (VERI*FACTU web service, Orden HAC/1177/2024).
const (
	nsLR = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd"
	nsSF = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd"
)

// System identifies this invoicing software in every record
// (SistemaInformatico); the producer is the shop itself.
type System struct {
	Name         string // NombreSistemaInformatico, up to 30 characters
	ID           string // IdSistemaInformatico, 2 characters
	Version      string
	Installation string // NumeroInstalacion
}

// Sabores is the system's identity as shopd declares it (its declaración
// responsable, docs/verifactu.md): the version is the build's, as `shopd
// version` prints it, so each record names the release that made it.
var Sabores = System{Name: "Sabores shopd", ID: "SB", Version: buildinfo.Get().Version, Installation: "1"}

// SubmissionRecord is a record with what its XML needs besides the hashed
// fields: the invoice, its taxes, the invoice it corrects or replaces, and
// the record before it in the chain.
type SubmissionRecord struct {
	Record   db.VerifactuRecord
	Invoice  db.Invoice
	Taxes    []db.InvoiceTax
	RefersTo *db.Invoice
	Previous *db.VerifactuRecord
}

// maxRecordsPerSubmission is the AEAT's limit of records in one message.
const maxRecordsPerSubmission = 1000

// PendingRecords reads up to 1000 records after afterID, in chain order,
// with what their XML needs.
func PendingRecords(ctx context.Context, q db.DBTX, afterID int64) ([]SubmissionRecord, error) {
	queries := db.New(q)
	rows, err := queries.VerifactuRecords(ctx, db.VerifactuRecordsParams{AfterID: afterID, MaxRows: maxRecordsPerSubmission})
	if err != nil {
		return nil, fmt.Errorf("invoice: pending records: %w", err)
	}
	out := make([]SubmissionRecord, 0, len(rows))
	for _, r := range rows {
		s := SubmissionRecord{Record: r}
		if s.Invoice, err = queries.GetInvoice(ctx, r.InvoiceID); err != nil {
			return nil, fmt.Errorf("invoice: invoice %d: %w", r.InvoiceID, err)
		}
		if s.Taxes, err = queries.InvoiceTaxes(ctx, r.InvoiceID); err != nil {
			return nil, fmt.Errorf("invoice: taxes of %d: %w", r.InvoiceID, err)
		}
		if s.Invoice.RefersTo != nil {
			ref, err := queries.GetInvoice(ctx, *s.Invoice.RefersTo)
			if err != nil {
				return nil, fmt.Errorf("invoice: invoice %d: %w", *s.Invoice.RefersTo, err)
			}
			s.RefersTo = &ref
		}
		if r.PreviousHash != "" {
			prev, err := queries.VerifactuRecordByHash(ctx, r.PreviousHash)
			if err != nil {
				return nil, fmt.Errorf("invoice: record before %d: %w", r.ID, err)
			}
			s.Previous = &prev
		}
		out = append(out, s)
	}
	return out, nil
}

// SubmissionXML is the RegFactuSistemaFacturacion message of SuministroLR
// carrying the records, as the VERI*FACTU web service takes it (inside a
// SOAP body, sent with the shop's certificate: not done yet, see
// docs/verifactu.md).
func SubmissionXML(issuer Issuer, system System, records []SubmissionRecord) ([]byte, error) {
	if len(records) == 0 || len(records) > maxRecordsPerSubmission {
		return nil, fmt.Errorf("invoice: a submission carries 1 to %d records, not %d", maxRecordsPerSubmission, len(records))
	}
	msg := regFactu{
		XmlnsLR: nsLR, XmlnsSF: nsSF,
		Cabecera: cabecera{Obligado: persona{Nombre: issuer.Name, NIF: issuer.NIF}},
	}
	sis := sistema{
		Nombre: issuer.Name, NIF: issuer.NIF, NombreSistema: system.Name, ID: system.ID,
		Version: system.Version, Instalacion: system.Installation, SoloVerifactu: "S", MultiOT: "N", MultiplesOT: "N",
	}
	for _, s := range records {
		r := s.Record
		chain := encadenamiento{PrimerRegistro: "S"}
		if s.Previous != nil {
			chain = encadenamiento{Anterior: &anterior{
				NIF: s.Previous.IssuerNif, Num: s.Previous.SeriesNumber, Fecha: s.Previous.IssueDate, Huella: s.Previous.Hash,
			}}
		}
		if r.Kind == "anulacion" {
			msg.Registros = append(msg.Registros, registroFactura{Anulacion: &registroAnulacion{
				IDVersion: "1.0",
				ID:        idAnulada{NIF: r.IssuerNif, Num: r.SeriesNumber, Fecha: r.IssueDate},
				// An anulación has no Subsanacion: one the AEAT refused
				// is sent again as a new one saying so.
				RechazoPrevio: flag(r.RechazoPrevio),
				Chain:         chain, Sistema: sis, FechaHora: r.GeneratedAt, TipoHuella: "01", Huella: r.Hash,
			}})
			continue
		}
		alta := &registroAlta{
			IDVersion: "1.0",
			ID:        idFactura{NIF: r.IssuerNif, Num: r.SeriesNumber, Fecha: r.IssueDate},
			Nombre:    s.Invoice.IssuerName, Tipo: r.InvoiceType,
			Subsanacion: flag(r.CorrectsRecordID != nil), RechazoPrevio: flag(r.RechazoPrevio),
			Descripcion: "Venta de productos de alimentación en la tienda en línea",
			CuotaTotal:  r.VatTotal, ImporteTotal: r.Total,
			Chain: chain, Sistema: sis, FechaHora: r.GeneratedAt, TipoHuella: "01", Huella: r.Hash,
		}
		if s.RefersTo != nil {
			ref := &idRef{NIF: s.RefersTo.IssuerNif, Num: s.RefersTo.SeriesNumber, Fecha: AEATDate(s.RefersTo.IssuedAt)}
			switch Kind(s.Invoice.Kind) {
			case Corrective:
				alta.TipoRectificativa = "I" // por diferencias: the corrective carries the negative difference
				alta.Rectificadas = &refs{Rectificada: ref}
				alta.Descripcion = "Rectificación: " + s.Invoice.Reason
			case Complete:
				alta.Sustituidas = &refs{Sustituida: ref}
			}
		}
		if s.Invoice.BuyerNif != "" {
			alta.Destinatarios = &destinatarios{ID: persona{Nombre: s.Invoice.BuyerName, NIF: s.Invoice.BuyerNif}}
		}
		for _, t := range s.Taxes {
			alta.Desglose.Detalles = append(alta.Desglose.Detalles, detalle{
				Impuesto: "01", ClaveRegimen: "01", Calificacion: "S1",
				Tipo: Amount(int64(t.VatBasisPoints)), Base: Amount(t.BaseCents), Cuota: Amount(t.VatCents),
			})
		}
		msg.Registros = append(msg.Registros, registroFactura{Alta: alta})
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(msg); err != nil {
		return nil, fmt.Errorf("invoice: encode the submission: %w", err)
	}
	return buf.Bytes(), nil
}

// flag is an optional S/N element of the schema: "S" when set, absent
// otherwise (the schema's default reading is N).
func flag(set bool) string {
	if set {
		return "S"
	}
	return ""
}

// The message's elements, in the order of the schema's sequences.

type regFactu struct {
	XMLName   xml.Name          `xml:"sum:RegFactuSistemaFacturacion"`
	XmlnsLR   string            `xml:"xmlns:sum,attr"`
	XmlnsSF   string            `xml:"xmlns:sum1,attr"`
	Cabecera  cabecera          `xml:"sum:Cabecera"`
	Registros []registroFactura `xml:"sum:RegistroFactura"`
}

type cabecera struct {
	Obligado persona `xml:"sum1:ObligadoEmision"`
}

type persona struct {
	Nombre string `xml:"sum1:NombreRazon"`
	NIF    string `xml:"sum1:NIF"`
}

type registroFactura struct {
	Alta      *registroAlta      `xml:"sum1:RegistroAlta,omitempty"`
	Anulacion *registroAnulacion `xml:"sum1:RegistroAnulacion,omitempty"`
}

type idFactura struct {
	NIF   string `xml:"sum1:IDEmisorFactura"`
	Num   string `xml:"sum1:NumSerieFactura"`
	Fecha string `xml:"sum1:FechaExpedicionFactura"`
}

type idAnulada struct {
	NIF   string `xml:"sum1:IDEmisorFacturaAnulada"`
	Num   string `xml:"sum1:NumSerieFacturaAnulada"`
	Fecha string `xml:"sum1:FechaExpedicionFacturaAnulada"`
}

type idRef = idFactura

type refs struct {
	Rectificada *idRef `xml:"sum1:IDFacturaRectificada,omitempty"`
	Sustituida  *idRef `xml:"sum1:IDFacturaSustituida,omitempty"`
}

type destinatarios struct {
	ID persona `xml:"sum1:IDDestinatario"`
}

type detalle struct {
	Impuesto     string `xml:"sum1:Impuesto"`
	ClaveRegimen string `xml:"sum1:ClaveRegimen"`
	Calificacion string `xml:"sum1:CalificacionOperacion"`
	Tipo         string `xml:"sum1:TipoImpositivo"`
	Base         string `xml:"sum1:BaseImponibleOimporteNoSujeto"`
	Cuota        string `xml:"sum1:CuotaRepercutida"`
}

type desglose struct {
	Detalles []detalle `xml:"sum1:DetalleDesglose"`
}

type anterior struct {
	NIF    string `xml:"sum1:IDEmisorFactura"`
	Num    string `xml:"sum1:NumSerieFactura"`
	Fecha  string `xml:"sum1:FechaExpedicionFactura"`
	Huella string `xml:"sum1:Huella"`
}

type encadenamiento struct {
	PrimerRegistro string    `xml:"sum1:PrimerRegistro,omitempty"`
	Anterior       *anterior `xml:"sum1:RegistroAnterior,omitempty"`
}

type sistema struct {
	Nombre        string `xml:"sum1:NombreRazon"`
	NIF           string `xml:"sum1:NIF"`
	NombreSistema string `xml:"sum1:NombreSistemaInformatico"`
	ID            string `xml:"sum1:IdSistemaInformatico"`
	Version       string `xml:"sum1:Version"`
	Instalacion   string `xml:"sum1:NumeroInstalacion"`
	SoloVerifactu string `xml:"sum1:TipoUsoPosibleSoloVerifactu"`
	MultiOT       string `xml:"sum1:TipoUsoPosibleMultiOT"`
	MultiplesOT   string `xml:"sum1:IndicadorMultiplesOT"`
}

type registroAlta struct {
	IDVersion         string         `xml:"sum1:IDVersion"`
	ID                idFactura      `xml:"sum1:IDFactura"`
	Nombre            string         `xml:"sum1:NombreRazonEmisor"`
	Subsanacion       string         `xml:"sum1:Subsanacion,omitempty"`
	RechazoPrevio     string         `xml:"sum1:RechazoPrevio,omitempty"`
	Tipo              string         `xml:"sum1:TipoFactura"`
	TipoRectificativa string         `xml:"sum1:TipoRectificativa,omitempty"`
	Rectificadas      *refs          `xml:"sum1:FacturasRectificadas,omitempty"`
	Sustituidas       *refs          `xml:"sum1:FacturasSustituidas,omitempty"`
	Descripcion       string         `xml:"sum1:DescripcionOperacion"`
	Destinatarios     *destinatarios `xml:"sum1:Destinatarios,omitempty"`
	Desglose          desglose       `xml:"sum1:Desglose"`
	CuotaTotal        string         `xml:"sum1:CuotaTotal"`
	ImporteTotal      string         `xml:"sum1:ImporteTotal"`
	Chain             encadenamiento `xml:"sum1:Encadenamiento"`
	Sistema           sistema        `xml:"sum1:SistemaInformatico"`
	FechaHora         string         `xml:"sum1:FechaHoraHusoGenRegistro"`
	TipoHuella        string         `xml:"sum1:TipoHuella"`
	Huella            string         `xml:"sum1:Huella"`
}

type registroAnulacion struct {
	IDVersion     string         `xml:"sum1:IDVersion"`
	ID            idAnulada      `xml:"sum1:IDFactura"`
	RechazoPrevio string         `xml:"sum1:RechazoPrevio,omitempty"`
	Chain         encadenamiento `xml:"sum1:Encadenamiento"`
	Sistema       sistema        `xml:"sum1:SistemaInformatico"`
	FechaHora     string         `xml:"sum1:FechaHoraHusoGenRegistro"`
	TipoHuella    string         `xml:"sum1:TipoHuella"`
	Huella        string         `xml:"sum1:Huella"`
}

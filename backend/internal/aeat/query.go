package aeat

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// The namespaces of the query service (ConsultaFactuSistemaFacturacion of
// the same SistemaVerifactu port): the request, ConsultaLR.xsd, and the
// answer, RespuestaConsultaLR.xsd.
const (
	NSConsulta          = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/ConsultaLR.xsd"
	NSRespuestaConsulta = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd"
)

// Query asks for the records an issuer sent for the invoices of one month
// (PeriodoImputacion: Ejercicio and Periodo), a page at a time: After is
// the last invoice of the page before (ClavePaginacion), nil for the first.
type Query struct {
	IssuerNIF  string
	IssuerName string
	Year       int
	Month      int
	After      *InvoiceID
}

// QueryMessage is the ConsultaFactuSistemaFacturacion document of q (ConsultaLR.xsd).
func QueryMessage(q Query) ([]byte, error) {
	msg := consulta{
		XmlnsC: NSConsulta, XmlnsSF: NSInfo,
		Cabecera: consultaCabecera{Version: "1.0", Name: q.IssuerName, NIF: q.IssuerNIF},
		Filtro: consultaFiltro{Periodo: periodo{
			Year: fmt.Sprintf("%04d", q.Year), Month: fmt.Sprintf("%02d", q.Month),
		}},
	}
	if q.After != nil {
		msg.Filtro.After = &clave{NIF: q.After.IssuerNIF, Number: q.After.Number, Date: q.After.Date}
	}
	b, err := xml.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("aeat: query message: %w", err)
	}
	return append([]byte(xml.Header), b...), nil
}

type consulta struct {
	XMLName  xml.Name         `xml:"con:ConsultaFactuSistemaFacturacion"`
	XmlnsC   string           `xml:"xmlns:con,attr"`
	XmlnsSF  string           `xml:"xmlns:sf,attr"`
	Cabecera consultaCabecera `xml:"con:Cabecera"`
	Filtro   consultaFiltro   `xml:"con:FiltroConsulta"`
}

type consultaCabecera struct {
	Version string `xml:"sf:IDVersion"`
	Name    string `xml:"sf:ObligadoEmision>sf:NombreRazon"`
	NIF     string `xml:"sf:ObligadoEmision>sf:NIF"`
}

type consultaFiltro struct {
	Periodo periodo `xml:"con:PeriodoImputacion"`
	After   *clave  `xml:"con:ClavePaginacion,omitempty"`
}

type periodo struct {
	Year  string `xml:"sf:Ejercicio"`
	Month string `xml:"sf:Periodo"`
}

type clave struct {
	NIF    string `xml:"sf:IDEmisorFactura"`
	Number string `xml:"sf:NumSerieFactura"`
	Date   string `xml:"sf:FechaExpedicionFactura"`
}

// QueryResponse is RespuestaConsultaFactuSistemaFacturacion: the records of
// the month the AEAT holds (ResultadoConsulta ConDatos) or none (SinDatos),
// and, when IndicadorPaginacion is S, the key of the next page.
type QueryResponse struct {
	Result  string        `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd ResultadoConsulta"`
	More    string        `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd IndicadorPaginacion"`
	Records []QueryRecord `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd RegistroRespuestaConsultaFactuSistemaFacturacion"`
	Next    *InvoiceID    `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd ClavePaginacion"`
}

// QueryRecord is one invoice's record as the AEAT holds it
// (RegistroRespuestaConsultaRegFacturacionType): its huella and when it was
// generated, and its state (Correcto, AceptadoConErrores, Anulado).
type QueryRecord struct {
	ID   InvoiceID `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd IDFactura"`
	Data struct {
		Type        string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd TipoFactura"`
		Total       string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd ImporteTotal"`
		GeneratedAt string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd FechaHoraHusoGenRegistro"`
		Hash        string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd Huella"`
	} `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd DatosRegistroFacturacion"`
	State struct {
		Estado string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd EstadoRegistro"`
	} `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd EstadoRegistro"`
}

// Query asks the AEAT for one page of an issuer's records of a month.
func (c *Client) Query(ctx context.Context, q Query) (*QueryResponse, error) {
	message, err := QueryMessage(q)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(Envelope(message)))
	if err != nil {
		return nil, fmt.Errorf("aeat: request: %w", err)
	}
	req.Header.Set("Content-Type", "text/xml; charset=utf-8")
	req.Header.Set("SOAPAction", `""`)
	res, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("aeat: query %s: %w", c.endpoint, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxQueryAnswer))
	if err != nil {
		return nil, fmt.Errorf("aeat: read the query's answer: %w", err)
	}
	answer, err := ParseQueryAnswer(raw)
	if err != nil {
		return nil, fmt.Errorf("aeat: query, HTTP %d: %w", res.StatusCode, err)
	}
	return answer, nil
}

// maxQueryAnswer bounds an answer: up to 10 000 records of a few hundred bytes.
const maxQueryAnswer = 64 << 20

// ParseQueryAnswer reads a SOAP answer to a query: the
// RespuestaConsultaFactuSistemaFacturacion in its body, or the Fault.
func ParseQueryAnswer(raw []byte) (*QueryResponse, error) {
	var env struct {
		Body struct {
			Response *QueryResponse `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaConsultaLR.xsd RespuestaConsultaFactuSistemaFacturacion"`
			Fault    *Fault         `xml:"http://schemas.xmlsoap.org/soap/envelope/ Fault"`
		} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Body"`
	}
	if err := xml.Unmarshal(raw, &env); err != nil {
		return nil, fmt.Errorf("not a SOAP answer: %w", err)
	}
	switch {
	case env.Body.Fault != nil:
		return nil, env.Body.Fault
	case env.Body.Response == nil:
		return nil, errors.New("the SOAP body holds no RespuestaConsultaFactuSistemaFacturacion")
	}
	return env.Body.Response, nil
}

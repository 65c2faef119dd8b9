package aeat

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// The SistemaVerifactu ports of the service sfVerifactu in the AEAT's
// SistemaFacturacion.wsdl (tikeV1.0/cont/ws): the "Sello" ones are for
// certificates of seal (sello de entidad), the others for personal and
// representative certificates.
const (
	EndpointTest           = "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
	EndpointTestSeal       = "https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
	EndpointProduction     = "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
	EndpointProductionSeal = "https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
)

// The namespaces of the answer: SOAP 1.1 (the WSDL's binding), the
// response schema RespuestaSuministro.xsd and the common
// SuministroInformacion.xsd its records' identifiers come from.
const (
	NSSOAP      = "http://schemas.xmlsoap.org/soap/envelope/"
	NSRespuesta = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd"
	NSInfo      = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd"
)

// DuplicateCode is the AEAT's CodigoErrorRegistro for a record it already
// holds ("registro duplicado"): a record sent again after an answer was
// lost was received the first time.
const DuplicateCode = 3000

// DefaultWait is the waiting time between messages the AEAT announces
// (TiempoEsperaEnvio) unless it says otherwise.
const DefaultWait = 60 * time.Second

// The values of EstadoEnvio (EstadoEnvioType) and EstadoRegistro
// (EstadoRegistroType) in RespuestaSuministro.xsd.
const (
	Correcto             = "Correcto"
	ParcialmenteCorrecto = "ParcialmenteCorrecto"
	Incorrecto           = "Incorrecto"
	AceptadoConErrores   = "AceptadoConErrores"
)

// Response is RespuestaRegFactuSistemaFacturacion: the message's state, the
// CSV of the presentation (none when the whole message was refused), how
// long to wait before the next one, and one line per record.
type Response struct {
	XMLName     xml.Name `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd RespuestaRegFactuSistemaFacturacion"`
	CSV         string   `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd CSV"`
	WaitText    string   `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd TiempoEsperaEnvio"`
	EstadoEnvio string   `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd EstadoEnvio"`
	Lines       []Line   `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd RespuestaLinea"`
}

// Wait is TiempoEsperaEnvio in seconds, DefaultWait when absent or unreadable.
func (r *Response) Wait() time.Duration {
	var s int
	if _, err := fmt.Sscan(strings.TrimSpace(r.WaitText), &s); err != nil || s < 0 {
		return DefaultWait
	}
	return time.Duration(s) * time.Second
}

// Line is RespuestaLinea (RespuestaExpedidaType): one record's fate.
type Line struct {
	ID          InvoiceID  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd IDFactura"`
	Operation   Operation  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd Operacion"`
	Estado      string     `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd EstadoRegistro"`
	Code        int        `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd CodigoErrorRegistro"`
	Description string     `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd DescripcionErrorRegistro"`
	Duplicate   *Duplicate `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd RegistroDuplicado"`
}

// Received says whether the AEAT holds the record after this answer:
// accepted, with or without errors, or refused as a duplicate of one it
// already holds.
func (l Line) Received() bool {
	return l.Estado == Correcto || l.Estado == AceptadoConErrores || l.Code == DuplicateCode
}

// InvoiceID is IDFactura (IDFacturaExpedidaType): whose invoice, which number, which day.
type InvoiceID struct {
	IssuerNIF string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd IDEmisorFactura"`
	Number    string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd NumSerieFactura"`
	Date      string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd FechaExpedicionFactura"`
}

// Operation is Operacion (OperacionType): Alta or Anulacion, with the
// flags the record was sent with.
type Operation struct {
	Type          string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd TipoOperacion"`
	Subsanacion   string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd Subsanacion,omitempty"`
	RechazoPrevio string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd RechazoPrevio,omitempty"`
}

// Duplicate is RegistroDuplicado (RegistroDuplicadoType): the record the AEAT
// already held.
type Duplicate struct {
	RequestID string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd IdPeticionRegistroDuplicado"`
	Estado    string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd EstadoRegistroDuplicado"`
}

// Fault is a SOAP 1.1 fault: the AEAT refused the message as a whole
// before looking at its records (a malformed message, an unauthorised
// certificate).
type Fault struct {
	Code   string `xml:"faultcode"`
	String string `xml:"faultstring"`
}

func (f *Fault) Error() string { return "aeat: SOAP fault " + f.Code + ": " + f.String }

// Client posts messages to one endpoint with the shop's certificate.
type Client struct {
	endpoint string
	http     *http.Client
}

// NewClient authenticates with cert to endpoint. roots are the server
// certificates trusted, nil for the system's (the AEAT's real endpoints);
// the development AEAT passes its own.
func NewClient(endpoint string, cert *Certificate, roots *x509.CertPool) *Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = &tls.Config{
		MinVersion:   tls.VersionTLS12,
		Certificates: []tls.Certificate{cert.TLS},
		RootCAs:      roots,
	}
	return &Client{endpoint: endpoint, http: &http.Client{Transport: transport, Timeout: 2 * time.Minute}}
}

// Endpoint is where the client posts.
func (c *Client) Endpoint() string { return c.endpoint }

// Send posts message (a RegFactuSistemaFacturacion document, XML
// declaration included or not) in a SOAP envelope and reads the answer. It
// returns the raw answer along whenever one came, parsed or not, so the
// caller can keep it. An error without an answer (the network, a 5xx page)
// leaves the records unreceived: send them again.
func (c *Client) Send(ctx context.Context, message []byte) (*Response, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(Envelope(message)))
	if err != nil {
		return nil, nil, fmt.Errorf("aeat: request: %w", err)
	}
	req.Header.Set("Content-Type", "text/xml; charset=utf-8")
	req.Header.Set("SOAPAction", `""`)
	res, err := c.http.Do(req)
	if err != nil {
		return nil, nil, fmt.Errorf("aeat: post to %s: %w", c.endpoint, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return nil, nil, fmt.Errorf("aeat: read the answer: %w", err)
	}
	answer, err := ParseAnswer(raw)
	if err != nil {
		return nil, raw, fmt.Errorf("aeat: HTTP %d: %w", res.StatusCode, err)
	}
	return answer, raw, nil
}

// maxAnswer bounds an answer: 1000 lines of a few hundred bytes each.
const maxAnswer = 8 << 20

// Envelope wraps message in a SOAP 1.1 envelope, dropping its XML
// declaration (one only at the document's start).
func Envelope(message []byte) []byte {
	message = bytes.TrimSpace(message)
	if bytes.HasPrefix(message, []byte("<?xml")) {
		if end := bytes.Index(message, []byte("?>")); end >= 0 {
			message = bytes.TrimSpace(message[end+2:])
		}
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<soapenv:Envelope xmlns:soapenv="` + NSSOAP + `"><soapenv:Header/><soapenv:Body>`)
	b.Write(message)
	b.WriteString(`</soapenv:Body></soapenv:Envelope>`)
	return b.Bytes()
}

// ParseAnswer reads a SOAP answer: the RespuestaRegFactuSistemaFacturacion
// in its body, or the Fault as an error.
func ParseAnswer(raw []byte) (*Response, error) {
	var env struct {
		Body struct {
			Response *Response `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd RespuestaRegFactuSistemaFacturacion"`
			Fault    *Fault    `xml:"http://schemas.xmlsoap.org/soap/envelope/ Fault"`
		} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Body"`
	}
	if err := xml.Unmarshal(raw, &env); err != nil {
		return nil, fmt.Errorf("not a SOAP answer: %w", err)
	}
	switch {
	case env.Body.Fault != nil:
		return nil, env.Body.Fault
	case env.Body.Response == nil:
		return nil, errors.New("the SOAP body holds no RespuestaRegFactuSistemaFacturacion")
	}
	switch env.Body.Response.EstadoEnvio {
	case Correcto, ParcialmenteCorrecto, Incorrecto:
	default:
		return nil, fmt.Errorf("unknown EstadoEnvio %q", env.Body.Response.EstadoEnvio)
	}
	return env.Body.Response, nil
}

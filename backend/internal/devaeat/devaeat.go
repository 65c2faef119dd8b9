// Package devaeat is a stand-in for the AEAT's VERI*FACTU web service, so
// records are sent through the real contract (SOAP over TLS with a client
// certificate, RegFactuSistemaFacturacion in, RespuestaRegFactuSistemaFacturacion
// out) with no internet and no real certificate. It checks what the AEAT
// checks of a record that this shop can get wrong (the issuer's NIF, the
// chain, duplicates, the Subsanacion and RechazoPrevio flags, the size of a
// message) and answers with the AEAT's own error codes, returns a CSV and a
// waiting time, and can be told to be slow, down or to refuse a given
// record, with a clock of the caller's, so tests drive every path. It
// accepts anything for anyone: it is never for production.
//
// The error codes are those of the AEAT's list of errors of the VERI*FACTU
// service (errores.properties, as kept in public projects that use it):
// 1108 the record's issuer is not the header's ObligadoEmision; 1161
// RechazoPrevio S without Subsanacion S; 2000 the huella is not the hash
// of the record; 2007 a first record where there were records already;
// 3000 a duplicate; 3001 an invoice already cancelled; 3002 cancelling a
// record the AEAT does not hold; 4114 more records than a message may
// carry (a fault refusing the whole message). The chain's previous huella
// not being the last one received is this stand-in's own check (the AEAT
// does not say it checks it), reported under 2003.
package devaeat

import (
	"crypto/rand"
	"encoding/xml"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// maxRecords is the most records a message may carry.
const maxRecords = 1000

// Server is the stand-in. Its zero value is not usable: call New.
type Server struct {
	now func() time.Time

	mu       sync.Mutex
	wait     time.Duration
	down     bool
	delay    time.Duration
	refuse   map[string]int // series number → code, refused once
	held     map[string]*held
	lastHash map[string]string // NIF → huella of the last record received
	nextOK   time.Time         // when the next message may come
	early    int
	messages int
	seq      int
	pageSize int
}

type held struct {
	estado    string // Correcta, AceptadaConErrores, Anulada (EstadoRegistroSFType)
	requestID string
	// What the query service answers of the invoice: its last record.
	nif, num, fecha, tipo, total, huella, generatedAt string
	seq                                               int // order of arrival
	modified                                          time.Time
}

// New answers with the clock now (time.Now when nil) and the AEAT's
// default waiting time.
func New(now func() time.Time) *Server {
	if now == nil {
		now = time.Now
	}
	return &Server{now: now, wait: aeat.DefaultWait, refuse: map[string]int{}, held: map[string]*held{}, lastHash: map[string]string{}, pageSize: queryPage}
}

// queryPage is the most records a query's answer carries (the AEAT's
// RespuestaConsultaLR.xsd allows 10 000); SetPageSize lowers it for tests.
const queryPage = 10000

// SetPageSize makes the query service answer n records a page.
func (s *Server) SetPageSize(n int) { s.mu.Lock(); s.pageSize = n; s.mu.Unlock() }

// SetWait changes the TiempoEsperaEnvio answered.
func (s *Server) SetWait(d time.Duration) { s.mu.Lock(); s.wait = d; s.mu.Unlock() }

// SetDown makes the service answer 503, as the AEAT does when down.
func (s *Server) SetDown(down bool) { s.mu.Lock(); s.down = down; s.mu.Unlock() }

// SetDelay makes each answer come that much later (real time).
func (s *Server) SetDelay(d time.Duration) { s.mu.Lock(); s.delay = d; s.mu.Unlock() }

// Refuse answers the next record of invoice seriesNumber Incorrecto with code.
func (s *Server) Refuse(seriesNumber string, code int) {
	s.mu.Lock()
	s.refuse[seriesNumber] = code
	s.mu.Unlock()
}

// Held says whether the AEAT holds the invoice's alta record, and in what
// state (Correcta, AceptadaConErrores, Anulada).
func (s *Server) Held(nif, seriesNumber, date string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.held[key(nif, seriesNumber, date)]
	if !ok {
		return "", false
	}
	return h.estado, true
}

// Stats are the messages answered and those that came before the waiting
// time of the answer before had passed.
func (s *Server) Stats() (messages, early int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.messages, s.early
}

func key(nif, num, date string) string { return nif + "|" + num + "|" + date }

// ServeHTTP answers a SOAP post. The TLS listener must require and verify
// client certificates (TLSConfig); this refuses a request without one too.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.TLS == nil || len(r.TLS.VerifiedChains) == 0 {
		http.Error(w, "a client certificate is required", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodPost {
		http.Error(w, "Codigo[4135].Esta URL no puede ser utilizada mediante GET.", http.StatusMethodNotAllowed)
		return
	}
	s.mu.Lock()
	down, delay := s.down, s.delay
	s.mu.Unlock()
	if down {
		http.Error(w, "service unavailable", http.StatusServiceUnavailable)
		return
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		return
	}
	var env envelope
	err = xml.Unmarshal(body, &env)
	if err == nil && env.Body.Consulta != nil {
		w.Header().Set("Content-Type", "text/xml; charset=utf-8")
		_, _ = w.Write(s.query(env.Body.Consulta))
		return
	}
	if err != nil || env.Body.Reg == nil {
		fault(w, "Codigo[4103].Se ha producido un error inesperado al parsear el XML.")
		return
	}
	if len(env.Body.Reg.Registros) > maxRecords {
		fault(w, "Codigo[4114].El XML no cumple con el esquema: se ha superado el límite máximo permitido de facturas a registrar.")
		return
	}
	answer := s.answer(env.Body.Reg)
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	_, _ = w.Write(answer)
}

func fault(w http.ResponseWriter, text string) {
	w.Header().Set("Content-Type", "text/xml; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="%s"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>%s</faultstring></env:Fault></env:Body></env:Envelope>`, aeat.NSSOAP, text)
}

// answer checks each record in order, as the AEAT does, and builds the answer.
func (s *Server) answer(reg *regFactu) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.messages++
	if now.Before(s.nextOK) {
		s.early++
	}
	s.nextOK = now.Add(s.wait)
	requestID := fmt.Sprintf("%d", now.UnixNano()%1e15)
	var lines []line
	ok := 0
	for _, rf := range reg.Registros {
		l := s.check(reg.Cabecera.NIF, rf, requestID)
		if l.Estado != aeat.Incorrecto {
			ok++
		}
		lines = append(lines, l)
	}
	estado := aeat.ParcialmenteCorrecto
	switch ok {
	case len(lines):
		estado = aeat.Correcto
	case 0:
		estado = aeat.Incorrecto
	}
	out := respuesta{
		XmlnsR: aeat.NSRespuesta, XmlnsI: aeat.NSInfo,
		Cabecera:    cabecera{NIF: reg.Cabecera.NIF, Nombre: reg.Cabecera.Nombre},
		Espera:      fmt.Sprintf("%d", int(s.wait/time.Second)),
		EstadoEnvio: estado, Lineas: lines,
	}
	if estado != aeat.Incorrecto {
		out.CSV = csv()
		out.Presentacion = &presentacion{NIF: reg.Cabecera.NIF, Timestamp: now.Format(time.RFC3339)}
	}
	b, err := xml.Marshal(soapAnswer{Xmlns: aeat.NSSOAP, Body: soapBody{Respuesta: out}})
	if err != nil {
		panic(err) // fixed types always marshal
	}
	return append([]byte(xml.Header), b...)
}

// check decides one record and remembers what the AEAT would hold.
func (s *Server) check(obligado string, rf registro, requestID string) line {
	if rf.Anulacion != nil {
		return s.checkAnulacion(obligado, rf.Anulacion)
	}
	a := rf.Alta
	id := ident{NIF: a.ID.NIF, Num: a.ID.Num, Fecha: a.ID.Fecha}
	l := line{ID: id, Op: operacion{Tipo: "Alta", Subsanacion: a.Subsanacion, RechazoPrevio: a.RechazoPrevio}}
	refuse := func(code int, text string) line {
		l.Estado, l.Code, l.Text = aeat.Incorrecto, code, text
		return l
	}
	k := key(a.ID.NIF, a.ID.Num, a.ID.Fecha)
	if code, ok := s.refuse[a.ID.Num]; ok {
		delete(s.refuse, a.ID.Num)
		s.lastHash[a.ID.NIF] = a.Huella
		return refuse(code, "Rechazado a petición de la prueba (AEAT de desarrollo).")
	}
	if a.ID.NIF != obligado {
		return refuse(1108, "El NIF del IDEmisorFactura debe ser el mismo que el NIF del ObligadoEmision.")
	}
	if a.RechazoPrevio == "S" && a.Subsanacion != "S" {
		return refuse(1161, "El valor del campo RechazoPrevio no es válido, no podrá incluirse el campo RechazoPrevio con valor S si no se ha informado del campo Subsanacion o tiene el valor N.")
	}
	if h, ok := s.held[k]; ok && a.Subsanacion != "S" {
		l = refuse(3000, "Registro de facturación duplicado.")
		l.Dup = &duplicado{ID: h.requestID, Estado: h.estado}
		return l
	}
	prev := s.lastHash[a.ID.NIF]
	s.lastHash[a.ID.NIF] = a.Huella
	l.Estado = aeat.Correcto
	rec := invoice.Record{
		IssuerNIF: a.ID.NIF, SeriesNumber: a.ID.Num, IssueDate: a.ID.Fecha, InvoiceType: a.Tipo,
		VATTotal: a.CuotaTotal, Total: a.ImporteTotal, PreviousHash: a.Chain.Anterior.Huella, GeneratedAt: a.FechaHora,
	}
	switch {
	case rec.Hash() != a.Huella:
		l.Estado, l.Code, l.Text = aeat.AceptadoConErrores, 2000, "El cálculo de la huella suministrada es incorrecta."
	case a.Chain.Primer == "S" && prev != "":
		l.Estado, l.Code, l.Text = aeat.AceptadoConErrores, 2007, "No debe informarse como primer registro, existen facturas emitidas con el obligado emisión y el sistema informático actual."
	case a.Chain.Primer != "S" && a.Chain.Anterior.Huella != prev:
		l.Estado, l.Code, l.Text = aeat.AceptadoConErrores, 2003, "La huella del registro anterior no es la del último registro recibido (comprobación de la AEAT de desarrollo)."
	}
	estado := "Correcta"
	if l.Estado == aeat.AceptadoConErrores {
		estado = "AceptadaConErrores"
	}
	s.seq++
	s.held[k] = &held{estado: estado, requestID: requestID, nif: a.ID.NIF, num: a.ID.Num, fecha: a.ID.Fecha,
		tipo: a.Tipo, total: a.ImporteTotal, huella: a.Huella, generatedAt: a.FechaHora, seq: s.seq, modified: s.now()}
	return l
}

func (s *Server) checkAnulacion(obligado string, a *anulacionIn) line {
	id := ident{NIF: a.ID.NIF, Num: a.ID.Num, Fecha: a.ID.Fecha}
	l := line{ID: id, Op: operacion{Tipo: "Anulacion", RechazoPrevio: a.RechazoPrevio}}
	refuse := func(code int, text string) line {
		l.Estado, l.Code, l.Text = aeat.Incorrecto, code, text
		return l
	}
	if code, ok := s.refuse[a.ID.Num]; ok {
		delete(s.refuse, a.ID.Num)
		return refuse(code, "Rechazado a petición de la prueba (AEAT de desarrollo).")
	}
	if a.ID.NIF != obligado {
		return refuse(1108, "El NIF del IDEmisorFactura debe ser el mismo que el NIF del ObligadoEmision.")
	}
	h, ok := s.held[key(a.ID.NIF, a.ID.Num, a.ID.Fecha)]
	switch {
	case !ok:
		return refuse(3002, "No existe el registro de facturación.")
	case h.estado == "Anulada":
		return refuse(3001, "El registro de facturación ya ha sido dado de baja.")
	}
	h.estado = "Anulada"
	s.seq++
	h.huella, h.seq, h.modified = a.Huella, s.seq, s.now()
	s.lastHash[a.ID.NIF] = a.Huella
	l.Estado = aeat.Correcto
	return l
}

// csv is a code like the AEAT's CSV (Código Seguro de Verificación).
func csv() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	var b strings.Builder
	b.WriteString("DEV")
	for range 13 {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))
		if err != nil {
			panic(err)
		}
		b.WriteByte(alphabet[n.Int64()])
	}
	return b.String()
}

// query answers ConsultaFactuSistemaFacturacion: the issuer's invoices of
// the month asked (by their FechaExpedicionFactura), each with its last
// record, in the order they arrived, a page at a time.
func (s *Server) query(c *consulta) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []*held
	for _, h := range s.held {
		// fecha is dd-mm-yyyy.
		if h.nif == c.NIF && len(h.fecha) == 10 && h.fecha[6:] == c.Filtro.Ejercicio && h.fecha[3:5] == c.Filtro.Periodo {
			all = append(all, h)
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].seq < all[j].seq })
	if k := c.Filtro.Clave; k != nil {
		for i, h := range all {
			if h.num == k.Num && h.fecha == k.Fecha {
				all = all[i+1:]
				break
			}
		}
	}
	out := respuestaConsulta{
		XmlnsR: aeat.NSRespuestaConsulta, XmlnsI: aeat.NSInfo,
		Cabecera:  consultaCabecera{Version: "1.0", Nombre: c.Nombre, NIF: c.NIF},
		Ejercicio: c.Filtro.Ejercicio, Periodo: c.Filtro.Periodo, Paginacion: "N", Resultado: "SinDatos",
	}
	if len(all) > s.pageSize {
		all = all[:s.pageSize]
		last := all[len(all)-1]
		out.Paginacion = "S"
		out.Clave = &ident{NIF: last.nif, Num: last.num, Fecha: last.fecha}
	}
	for _, h := range all {
		out.Resultado = "ConDatos"
		estado := map[string]string{"Correcta": aeat.Correcto, "AceptadaConErrores": aeat.AceptadoConErrores, "Anulada": "Anulado"}[h.estado]
		out.Registros = append(out.Registros, registroConsult{
			ID: ident{NIF: h.nif, Num: h.num, Fecha: h.fecha}, Tipo: h.tipo, Total: h.total,
			Fecha: h.generatedAt, Huella: h.huella, Ultima: h.modified.Format(time.RFC3339), Estado: estado,
		})
	}
	b, err := xml.Marshal(soapConsultaAnswer{Xmlns: aeat.NSSOAP, Body: soapConsultaBody{Respuesta: out}})
	if err != nil {
		panic(err) // fixed types always marshal
	}
	return append([]byte(xml.Header), b...)
}

package aeat_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"math/big"
	"strings"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"

	"github.com/sabores/sabores/backend/internal/aeat"
)

// p12 makes a self-signed PKCS#12 file for subject, valid between from and to.
func p12(t *testing.T, subject pkix.Name, from, to time.Time, password string) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: subject, NotBefore: from, NotAfter: to,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	data, err := pkcs12.Modern.Encode(key, cert, nil, password)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadPKCS12ReadsTheNIFAndValidity(t *testing.T) {
	now := time.Date(2027, 7, 1, 10, 0, 0, 0, time.UTC)
	from, to := now.AddDate(0, -1, 0), now.AddDate(1, 0, 0)
	org := pkix.Name{CommonName: "SELLO SABORES", ExtraNames: []pkix.AttributeTypeAndValue{
		{Type: asn1.ObjectIdentifier{2, 5, 4, 97}, Value: "VATES-B12345674"},
	}}
	for _, tc := range []struct {
		name    string
		subject pkix.Name
		want    string
	}{
		{"FNMT natural person", pkix.Name{CommonName: "GARCIA LOPEZ ANA - 12345678Z", SerialNumber: "IDCES-12345678Z"}, "12345678Z"},
		{"bare serial number", pkix.Name{CommonName: "ANA", SerialNumber: "12345678z"}, "12345678Z"},
		{"legal person or seal", org, "B12345674"},
		{"none", pkix.Name{CommonName: "someone"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := aeat.LoadPKCS12(p12(t, tc.subject, from, to, "secreto"), "secreto")
			if err != nil {
				t.Fatal(err)
			}
			if c.NIF != tc.want {
				t.Errorf("NIF = %q, want %q", c.NIF, tc.want)
			}
			if err := c.ValidAt(now); err != nil {
				t.Errorf("valid now: %v", err)
			}
			if err := c.ValidAt(to.Add(time.Second)); err == nil || !strings.Contains(err.Error(), "expired") {
				t.Errorf("after NotAfter: %v, want expired", err)
			}
			if err := c.ValidAt(from.Add(-time.Second)); err == nil || !strings.Contains(err.Error(), "valid only from") {
				t.Errorf("before NotBefore: %v, want not yet valid", err)
			}
			if !c.NotAfter().Equal(to.Truncate(time.Second)) {
				t.Errorf("NotAfter = %v, want %v", c.NotAfter(), to)
			}
		})
	}
	if _, err := aeat.LoadPKCS12(p12(t, pkix.Name{CommonName: "x"}, from, to, "right"), "wrong"); err == nil {
		t.Error("a wrong password opened the file")
	}
}

func TestCheckNIF(t *testing.T) {
	c := &aeat.Certificate{NIF: "12345678Z"}
	for _, tc := range []struct {
		shop   string
		holder aeat.Holder
		warn   bool
	}{
		{"12345678z", aeat.HolderShop, false},
		{"B12345674", aeat.HolderShop, true},
		{"B12345674", aeat.HolderRepresentative, false},
		{"B12345674", aeat.HolderSocialCollaborator, false},
		{"", aeat.HolderShop, false}, // no NIF saved yet: invoicing refuses anyway
	} {
		if got := c.CheckNIF(tc.shop, tc.holder); (got != "") != tc.warn {
			t.Errorf("CheckNIF(%q, %s) = %q, want a warning %v", tc.shop, tc.holder, got, tc.warn)
		}
	}
}

// answer is an answer shaped as RespuestaSuministro.xsd says, with the
// prefixes the AEAT's own examples use (tikR, tik).
const answer = `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body>
<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="` + aeat.NSRespuesta + `" xmlns:tik="` + aeat.NSInfo + `">
<tikR:CSV>A-Y23JP3582934</tikR:CSV>
<tikR:DatosPresentacion><tik:NIFPresentador>12345678Z</tik:NIFPresentador><tik:TimestampPresentacion>2027-07-01T12:00:00+02:00</tik:TimestampPresentacion></tikR:DatosPresentacion>
<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>Sabores</tik:NombreRazon><tik:NIF>12345678Z</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>
<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio>
<tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>
<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>12345678Z</tik:IDEmisorFactura><tik:NumSerieFactura>F2027-1</tik:NumSerieFactura><tik:FechaExpedicionFactura>01-07-2027</tik:FechaExpedicionFactura></tikR:IDFactura>
<tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro></tikR:RespuestaLinea>
<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>12345678Z</tik:IDEmisorFactura><tik:NumSerieFactura>F2027-2</tik:NumSerieFactura><tik:FechaExpedicionFactura>01-07-2027</tik:FechaExpedicionFactura></tikR:IDFactura>
<tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro>
<tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro>
<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>202707011200</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado></tikR:RespuestaLinea>
<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>12345678Z</tik:IDEmisorFactura><tik:NumSerieFactura>F2027-3</tik:NumSerieFactura><tik:FechaExpedicionFactura>01-07-2027</tik:FechaExpedicionFactura></tikR:IDFactura>
<tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro>
<tikR:CodigoErrorRegistro>1100</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>a refusal for the test</tikR:DescripcionErrorRegistro></tikR:RespuestaLinea>
</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`

func TestParseAnswer(t *testing.T) {
	r, err := aeat.ParseAnswer([]byte(answer))
	if err != nil {
		t.Fatal(err)
	}
	if r.CSV != "A-Y23JP3582934" || r.EstadoEnvio != aeat.ParcialmenteCorrecto || r.Wait() != time.Minute || len(r.Lines) != 3 {
		t.Fatalf("answer = %+v", r)
	}
	received := []bool{true, true, false} // a duplicate was received before
	for i, l := range r.Lines {
		if l.Received() != received[i] {
			t.Errorf("line %d (%s %s %d) received = %v", i, l.ID.Number, l.Estado, l.Code, l.Received())
		}
	}
	if r.Lines[1].Duplicate == nil || r.Lines[1].Duplicate.Estado != "Correcta" || r.Lines[2].Code != 1100 || r.Lines[0].ID.Date != "01-07-2027" {
		t.Errorf("lines = %+v", r.Lines)
	}
	fault := `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultcode>env:Client</faultcode><faultstring>the message does not follow the schema</faultstring></s:Fault></s:Body></s:Envelope>`
	if _, err := aeat.ParseAnswer([]byte(fault)); err == nil || !strings.Contains(err.Error(), "schema") {
		t.Errorf("fault: %v", err)
	}
	if _, err := aeat.ParseAnswer([]byte("<html>503 Service Unavailable</html>")); err == nil {
		t.Error("an HTML error page parsed as an answer")
	}
}

func TestEnvelopeDropsTheDeclaration(t *testing.T) {
	env := string(aeat.Envelope([]byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<sum:RegFactuSistemaFacturacion/>")))
	if strings.Count(env, "<?xml") != 1 || !strings.Contains(env, "<soapenv:Body><sum:RegFactuSistemaFacturacion/></soapenv:Body>") {
		t.Errorf("envelope = %s", env)
	}
}

package devaeat_test

import (
	"context"
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/devaeat"
)

func standIn(t *testing.T) (*httptest.Server, *devaeat.Authority) {
	t.Helper()
	ca, err := devaeat.NewAuthority()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(devaeat.New(nil))
	if srv.TLS, err = ca.ServerTLS(); err != nil {
		t.Fatal(err)
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv, ca
}

// TestRequiresAClientCertificate: as the AEAT, the stand-in refuses a
// caller without a certificate of its authority.
func TestRequiresAClientCertificate(t *testing.T) {
	t.Parallel()
	srv, ca := standIn(t)
	anonymous := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: ca.Pool(), MinVersion: tls.VersionTLS12}}}
	res, err := anonymous.Post(srv.URL, "text/xml", strings.NewReader("<x/>"))
	if err == nil {
		res.Body.Close()
		t.Fatalf("a call without a client certificate was answered %s", res.Status)
	}
}

// TestRefusesTooManyRecords: a message over 1 000 records is refused whole
// with the AEAT's fault 4114, and a body that is no message with 4103.
func TestRefusesTooManyRecords(t *testing.T) {
	t.Parallel()
	srv, ca := standIn(t)
	cert, err := ca.ClientCertificate("12345678Z")
	if err != nil {
		t.Fatal(err)
	}
	client := aeat.NewClient(srv.URL, cert, ca.Pool())
	msg := `<sum:RegFactuSistemaFacturacion xmlns:sum="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd">` +
		strings.Repeat("<sum:RegistroFactura/>", 1001) + `</sum:RegFactuSistemaFacturacion>`
	if _, _, err := client.Send(context.Background(), []byte(msg)); err == nil || !strings.Contains(err.Error(), "4114") {
		t.Errorf("1001 records: %v, want fault 4114", err)
	}
	if _, _, err := client.Send(context.Background(), []byte("<nada/>")); err == nil || !strings.Contains(err.Error(), "4103") {
		t.Errorf("no message: %v, want fault 4103", err)
	}
}

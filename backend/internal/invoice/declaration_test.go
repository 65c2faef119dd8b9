package invoice_test

import (
	"context"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/buildinfo"
)

// TestRecordsCarryTheBuildsVersion: the SistemaInformatico of the message
// the AEAT received names the system as its declaración responsable does,
// with the version of the running build (`shopd version`).
func TestRecordsCarryTheBuildsVersion(t *testing.T) {
	t.Parallel()
	f := newSendFixture(t)
	f.invoiced(1)
	f.mustSend(1)
	var message string
	if err := f.pool.QueryRow(context.Background(), `SELECT message FROM verifactu_submissions ORDER BY id LIMIT 1`).Scan(&message); err != nil {
		t.Fatal(err)
	}
	var sistema struct {
		Name    string `xml:"NombreSistemaInformatico"`
		ID      string `xml:"IdSistemaInformatico"`
		Version string `xml:"Version"`
	}
	d := xml.NewDecoder(strings.NewReader(message))
	found := false
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "SistemaInformatico" {
			if err := d.DecodeElement(&sistema, &se); err != nil {
				t.Fatal(err)
			}
			found = true
			break
		}
	}
	want := buildinfo.Get().Version
	if !found || sistema.Version != want || want == "" || sistema.ID != "SB" || sistema.Name != "Sabores shopd" {
		t.Errorf("SistemaInformatico %+v (found %v), want Sabores shopd, SB, version %q", sistema, found, want)
	}
}

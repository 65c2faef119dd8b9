package aeat_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sabores/sabores/backend/internal/aeat"
)

// TestQueryMessageValidates: the ConsultaFactuSistemaFacturacion message,
// with and without the key of a next page, is valid against the AEAT's
// ConsultaLR.xsd (vendored in third_party/aeat-verifactu), with xmllint
// offline. The ConsultaLR.xsd found refers to SistemaInformaticoConsultaType,
// which the vendored SuministroInformacion.xsd (an earlier revision) lacks:
// the test validates against a copy without that optional filter, which
// the query never sends (third_party/aeat-verifactu/README.md).
func TestQueryMessageValidates(t *testing.T) {
	t.Parallel()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint (Debian's libxml2-utils) is not installed; ./task xmllint installs it, .ci/run does")
	}
	vendored, err := filepath.Abs(filepath.Join("..", "..", "..", "third_party", "aeat-verifactu"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"ConsultaLR.xsd", "SuministroInformacion.xsd", "xmldsig-core-schema.xsd", "catalog.xml"} {
		b, err := os.ReadFile(filepath.Join(vendored, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "ConsultaLR.xsd" {
			filter := regexp.MustCompile(`\s*<element name="SistemaInformatico" type="sf:SistemaInformaticoConsultaType" minOccurs="0"/>`)
			if !filter.Match(b) {
				t.Fatal("ConsultaLR.xsd has changed: see whether the vendored SuministroInformacion.xsd defines its types now")
			}
			b = filter.ReplaceAll(b, nil)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []aeat.Query{
		{IssuerNIF: "B12345674", IssuerName: "Sabores del Mundo S.L.", Year: 2027, Month: 7},
		{IssuerNIF: "B12345674", IssuerName: "Sabores del Mundo S.L.", Year: 2027, Month: 12,
			After: &aeat.InvoiceID{IssuerNIF: "B12345674", Number: "FS2027-000010", Date: "03-12-2027"}},
	} {
		message, err := aeat.QueryMessage(q)
		if err != nil {
			t.Fatal(err)
		}
		in := filepath.Join(t.TempDir(), "query.xml")
		if err := os.WriteFile(in, message, 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(dir, "ConsultaLR.xsd"), in)
		cmd.Env = append(os.Environ(), "XML_CATALOG_FILES="+filepath.Join(dir, "catalog.xml"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("the query does not validate against ConsultaLR.xsd: %v\n%s\n%s", err, out, message)
		}
	}
}

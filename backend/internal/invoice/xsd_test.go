package invoice_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// schemaDir is the folder of the AEAT's vendored XSDs (third_party/aeat-verifactu).
func schemaDir(t *testing.T) string {
	t.Helper()
	// Tests run in their package's folder; a path from the source file
	// (runtime.Caller) would not exist in a -trimpath build.
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "third_party", "aeat-verifactu"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// validateSubmission checks a RegFactuSistemaFacturacion message against
// the AEAT's SuministroLR.xsd with libxml2's xmllint, offline: the catalog
// maps the XML-Signature schema the AEAT's files import by URL to its local
// copy. It skips when xmllint is missing (`./task xmllint` installs it;
// .ci/run does).
func validateSubmission(t *testing.T, message []byte) {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint (Debian's libxml2-utils) is not installed; ./task xmllint installs it, .ci/run does")
	}
	dir := schemaDir(t)
	in := filepath.Join(t.TempDir(), "submission.xml")
	if err := os.WriteFile(in, message, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(dir, "SuministroLR.xsd"), in)
	cmd.Env = append(os.Environ(), "XML_CATALOG_FILES="+filepath.Join(dir, "catalog.xml"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the message does not validate against SuministroLR.xsd: %v\n%s\n%s", err, out, message)
	}
}

// TestSchemaRefusesABrokenMessage: the validation is real: a message
// missing its records fails it.
func TestSchemaRefusesABrokenMessage(t *testing.T) {
	t.Parallel()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint (Debian's libxml2-utils) is not installed; ./task xmllint installs it, .ci/run does")
	}
	dir := schemaDir(t)
	in := filepath.Join(t.TempDir(), "broken.xml")
	broken := `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="` + nsLR + `" xmlns:sf="` + nsSF + `"><sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>Sabores</sf:NombreRazon><sf:NIF>B12345674</sf:NIF></sf:ObligadoEmision></sfLR:Cabecera></sfLR:RegFactuSistemaFacturacion>`
	if err := os.WriteFile(in, []byte(broken), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(dir, "SuministroLR.xsd"), in)
	cmd.Env = append(os.Environ(), "XML_CATALOG_FILES="+filepath.Join(dir, "catalog.xml"))
	out, err := cmd.CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("fails to validate")) || !bytes.Contains(out, []byte("RegistroFactura")) {
		t.Fatalf("a message without records: %v, want it refused for the missing RegistroFactura:\n%s", err, out)
	}
}

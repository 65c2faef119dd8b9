package config

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// testP12 is a PKCS#12 certificate of NIF 12345678Z valid between from and to.
func testP12(t *testing.T, from, to time.Time, password string) []byte {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(7), NotBefore: from, NotAfter: to,
		Subject: pkix.Name{CommonName: "GARCIA ANA - 12345678Z", SerialNumber: "IDCES-12345678Z"},
	}
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

// TestVerifactuSendingNeedsAValidCertificateInProduction: production sends
// records only with a certificate valid now, to the AEAT's production
// service; each lack is refused alone, naming what to mend.
func TestVerifactuSendingNeedsAValidCertificateInProduction(t *testing.T) {
	t.Parallel()
	now := time.Now()
	valid := base64.StdEncoding.EncodeToString(testP12(t, now.Add(-time.Hour), now.AddDate(1, 0, 0), "clave"))
	expired := base64.StdEncoding.EncodeToString(testP12(t, now.AddDate(-2, 0, 0), now.Add(-time.Hour), "clave"))
	early := base64.StdEncoding.EncodeToString(testP12(t, now.Add(time.Hour), now.AddDate(1, 0, 0), "clave"))
	sending := func(set map[string]string) map[string]string {
		env := safeProduction()
		env["VERIFACTU_SEND"] = "true"
		env["VERIFACTU_ENVIRONMENT"] = "production"
		env["VERIFACTU_CERTIFICATE"] = valid
		env["VERIFACTU_CERTIFICATE_PASSWORD"] = "clave"
		for k, v := range set {
			env[k] = v
		}
		return env
	}
	c, err := load(t, sending(nil))
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Refusals(); len(r) != 0 {
		t.Fatalf("sending with a valid certificate is refused: %q", r)
	}
	if c.VerifactuCertificate.NIF != "12345678Z" || c.VerifactuEndpoint() != "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP" {
		t.Errorf("certificate NIF %q, endpoint %s", c.VerifactuCertificate.NIF, c.VerifactuEndpoint())
	}
	for _, tt := range []struct {
		name  string
		set   map[string]string
		names string
	}{
		{"no certificate", map[string]string{"VERIFACTU_CERTIFICATE": "", "VERIFACTU_CERTIFICATE_PASSWORD": ""}, "without VERIFACTU_CERTIFICATE"},
		{"an expired certificate", map[string]string{"VERIFACTU_CERTIFICATE": expired}, "expired"},
		{"a certificate not yet valid", map[string]string{"VERIFACTU_CERTIFICATE": early}, "valid only from"},
		{"the test service", map[string]string{"VERIFACTU_ENVIRONMENT": "test"}, "VERIFACTU_ENVIRONMENT"},
	} {
		c, err := load(t, sending(tt.set))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if r := c.Refusals(); len(r) != 1 || !strings.Contains(r[0], tt.names) {
			t.Errorf("%s: refusals %q, want one naming %q", tt.name, r, tt.names)
		}
	}
	// Not sending, an expired certificate stops nothing: records wait.
	c, err = load(t, sending(map[string]string{"VERIFACTU_SEND": "false", "VERIFACTU_CERTIFICATE": expired}))
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Refusals(); len(r) != 0 {
		t.Errorf("not sending, refused: %q", r)
	}
}

// TestVerifactuCertificateFromAFile: the binary file is read byte for byte
// through _FILE (a PKCS#12 may end in a newline byte), and neither it nor
// its password is ever printed, even when the password is wrong.
func TestVerifactuCertificateFromAFile(t *testing.T) {
	t.Parallel()
	now := time.Now()
	dir := t.TempDir()
	file := filepath.Join(dir, "shop.p12")
	if err := os.WriteFile(file, testP12(t, now.Add(-time.Hour), now.Add(time.Hour), "clave secreta"), 0o600); err != nil {
		t.Fatal(err)
	}
	pass := filepath.Join(dir, "password")
	if err := os.WriteFile(pass, []byte("clave secreta\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := load(t, map[string]string{"VERIFACTU_CERTIFICATE_FILE": file, "VERIFACTU_CERTIFICATE_PASSWORD_FILE": pass})
	if err != nil {
		t.Fatal(err)
	}
	if c.VerifactuCertificate == nil || c.VerifactuCertificate.NIF != "12345678Z" {
		t.Fatalf("certificate = %+v", c.VerifactuCertificate)
	}
	if s := c.String(); strings.Contains(s, "clave secreta") || !strings.Contains(s, "VERIFACTU_CERTIFICATE=[redacted]") {
		t.Errorf("printed configuration shows a secret: %s", s)
	}
	_, err = load(t, map[string]string{"VERIFACTU_CERTIFICATE_FILE": file, "VERIFACTU_CERTIFICATE_PASSWORD": "otra clave"})
	if err == nil || !strings.Contains(err.Error(), "VERIFACTU_CERTIFICATE") || strings.Contains(err.Error(), "otra clave") {
		t.Errorf("a wrong password: %v", err)
	}
	if _, err := load(t, map[string]string{"VERIFACTU_CERTIFICATE_PASSWORD": "clave"}); err == nil {
		t.Error("a password without a certificate was accepted")
	}
}

// TestDevAEATNeverInProduction: the development AEAT accepts records the
// AEAT never sees, so production refuses to build with it.
func TestDevAEATNeverInProduction(t *testing.T) {
	t.Parallel()
	env := safeProduction()
	env["DEV_AEAT"] = "true"
	if _, err := load(t, env); err == nil || !strings.Contains(err.Error(), "DEV_AEAT") {
		t.Errorf("production with DEV_AEAT: %v", err)
	}
	c, err := load(t, map[string]string{"DEV_AEAT": "true"})
	if err != nil {
		t.Fatal(err)
	}
	if !c.VerifactuSending() {
		t.Error("records are not sent to the development AEAT")
	}
}

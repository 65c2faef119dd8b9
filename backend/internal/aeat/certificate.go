// Package aeat speaks to the AEAT's VERI*FACTU web service (SistemaVerifactu
// of SistemaFacturacion.wsdl, Orden HAC/1177/2024): the shop's electronic
// certificate for the TLS client authentication it requires, the SOAP
// envelope around a RegFactuSistemaFacturacion message, and the answer
// (RespuestaSuministro.xsd). It knows nothing of invoices: the invoice
// module builds the messages and keeps the answers.
package aeat

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"strings"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// Certificate is the electronic certificate the shop (or its representative)
// authenticates to the AEAT with.
type Certificate struct {
	// TLS is the key and chain presented in the TLS handshake.
	TLS tls.Certificate
	// Leaf is the certificate itself.
	Leaf *x509.Certificate
	// NIF is the tax number the certificate names, "" when it names none
	// this package recognises.
	NIF string
}

// oidOrganizationIdentifier is X.520's organizationIdentifier (2.5.4.97),
// where certificates of legal persons and seals carry "VATES-<NIF>" (ETSI
// EN 319 412-1 §5.1.4).
var oidOrganizationIdentifier = asn1.ObjectIdentifier{2, 5, 4, 97}

// LoadPKCS12 opens a PKCS#12 file (.p12 / .pfx, as FNMT and other Spanish
// issuers deliver certificates) with its password. The file may carry the
// issuer's chain after the certificate; it is presented along.
func LoadPKCS12(data []byte, password string) (*Certificate, error) {
	key, leaf, chain, err := pkcs12.DecodeChain(data, password)
	if err != nil {
		return nil, fmt.Errorf("aeat: open the PKCS#12 certificate (is the password right?): %w", err)
	}
	if leaf == nil || key == nil {
		return nil, errors.New("aeat: the PKCS#12 file holds no certificate with its private key")
	}
	raw := [][]byte{leaf.Raw}
	for _, c := range chain {
		raw = append(raw, c.Raw)
	}
	return &Certificate{
		TLS:  tls.Certificate{Certificate: raw, PrivateKey: key, Leaf: leaf},
		Leaf: leaf,
		NIF:  certificateNIF(leaf),
	}, nil
}

// certificateNIF is the NIF a Spanish certificate names: a legal person's
// or seal's organizationIdentifier ("VATES-B12345678"), else the subject's
// serialNumber (2.5.4.5: "IDCES-12345678Z" on FNMT certificates of natural
// persons, sometimes the bare NIF).
func certificateNIF(c *x509.Certificate) string {
	for _, n := range c.Subject.Names {
		if n.Type.Equal(oidOrganizationIdentifier) {
			if v, ok := n.Value.(string); ok {
				if nif, ok := strings.CutPrefix(v, "VATES-"); ok {
					return strings.ToUpper(nif)
				}
			}
		}
	}
	s := strings.ToUpper(strings.TrimSpace(c.Subject.SerialNumber))
	for _, prefix := range []string{"IDCES-", "PASES-"} {
		s = strings.TrimPrefix(s, prefix)
	}
	return s
}

// NotBefore and NotAfter bound the certificate's validity.
func (c *Certificate) NotBefore() time.Time { return c.Leaf.NotBefore }

// NotAfter is when the certificate expires: the AEAT refuses it after.
func (c *Certificate) NotAfter() time.Time { return c.Leaf.NotAfter }

// ValidAt says why the certificate cannot authenticate at t, or nil.
func (c *Certificate) ValidAt(t time.Time) error {
	switch {
	case t.Before(c.Leaf.NotBefore):
		return fmt.Errorf("the certificate is valid only from %s", c.Leaf.NotBefore.UTC().Format(time.DateTime))
	case t.After(c.Leaf.NotAfter):
		return fmt.Errorf("the certificate expired on %s", c.Leaf.NotAfter.UTC().Format(time.DateTime))
	}
	return nil
}

// Holder says whose certificate the shop sends with: its own, or that of
// someone allowed to send for it (RD 1007/2023 art. 16 and the AEAT's FAQ on
// colaboración social: a representative with a power of attorney, or a
// colaborador social under an agreement).
type Holder string

// The holders of VERIFACTU_CERTIFICATE_HOLDER.
const (
	HolderShop               Holder = "shop"
	HolderRepresentative     Holder = "representative"
	HolderSocialCollaborator Holder = "social-collaborator"
)

// Holders are the values accepted for a Holder.
var Holders = []Holder{HolderShop, HolderRepresentative, HolderSocialCollaborator}

// CheckNIF compares the certificate's NIF with the shop's: a different one is
// expected from a representative or colaborador social, and otherwise is
// most likely the wrong file (the AEAT would refuse every message for want
// of authorisation). It returns the warning to log, or "".
func (c *Certificate) CheckNIF(shopNIF string, holder Holder) string {
	shopNIF = strings.ToUpper(strings.TrimSpace(shopNIF))
	switch {
	case holder != HolderShop || shopNIF == "":
		return ""
	case c.NIF == "":
		return "the VeriFactu certificate names no NIF this shop recognises: check it is the shop's"
	case c.NIF != shopNIF:
		return fmt.Sprintf("the VeriFactu certificate is of NIF %s, not the shop's %s: set VERIFACTU_CERTIFICATE_HOLDER if it is a representative's or a colaborador social's", c.NIF, shopNIF)
	}
	return ""
}

package devaeat

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"time"

	"github.com/sabores/sabores/backend/internal/aeat"
)

// Authority is a throwaway certificate authority standing in for the FNMT
// and the AEAT's server certificates: it issues the stand-in's server
// certificate and the shop's client certificate, and the stand-in trusts
// only the client certificates it issued.
type Authority struct {
	cert *x509.Certificate
	key  crypto.Signer
	pool *x509.CertPool
}

// NewAuthority makes one, valid for a day.
func NewAuthority() (*Authority, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("devaeat: authority key: %w", err)
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "AEAT de desarrollo (Sabores)"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("devaeat: authority certificate: %w", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("devaeat: authority certificate: %w", err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &Authority{cert: cert, key: key, pool: pool}, nil
}

// Pool trusts the authority: the shop's client trusts the stand-in with it.
func (a *Authority) Pool() *x509.CertPool { return a.pool }

func (a *Authority) issue(tmpl *x509.Certificate) (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("devaeat: key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("devaeat: serial: %w", err)
	}
	tmpl.SerialNumber = serial
	der, err := x509.CreateCertificate(rand.Reader, tmpl, a.cert, &key.PublicKey, a.key)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("devaeat: certificate: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("devaeat: certificate: %w", err)
	}
	return tls.Certificate{Certificate: [][]byte{der, a.cert.Raw}, PrivateKey: key, Leaf: leaf}, nil
}

// ServerTLS is the stand-in's TLS configuration: a certificate for the
// loopback address and localhost, and client certificates of this
// authority required.
func (a *Authority) ServerTLS() (*tls.Config, error) {
	now := time.Now()
	cert, err := a.issue(&x509.Certificate{
		Subject: pkix.Name{CommonName: "localhost"}, DNSNames: []string{"localhost"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		NotBefore:   now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	})
	if err != nil {
		return nil, err
	}
	return &tls.Config{
		MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{cert},
		ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: a.pool,
	}, nil
}

// ClientCertificate is a certificate of a natural person of nif as the
// FNMT issues them (serialNumber "IDCES-<nif>"), valid for a day.
func (a *Authority) ClientCertificate(nif string) (*aeat.Certificate, error) {
	now := time.Now()
	cert, err := a.issue(&x509.Certificate{
		Subject:   pkix.Name{CommonName: "PRUEBAS SABORES - " + nif, SerialNumber: "IDCES-" + nif},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	})
	if err != nil {
		return nil, err
	}
	return &aeat.Certificate{TLS: cert, Leaf: cert.Leaf, NIF: nif}, nil
}

package config

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/aeat"
)

// The AEAT environments of VERIFACTU_ENVIRONMENT.
const (
	VerifactuTest       = "test"
	VerifactuProduction = "production"
)

// Verifactu is the configuration of sending invoice records to the AEAT
// (docs/verifactu.md).
type Verifactu struct {
	// VerifactuSend turns sending on; off, messages are prepared and kept
	// ready.
	VerifactuSend bool
	// VerifactuEnvironment is VerifactuTest or VerifactuProduction.
	VerifactuEnvironment string
	// VerifactuSealCertificate sends to the ports for certificates of seal.
	VerifactuSealCertificate bool
	// VerifactuCertificateFile and VerifactuCertificatePassword are the
	// PKCS#12 file as given and its password; VerifactuCertificate is it
	// opened, nil when none is given.
	VerifactuCertificateFile     string
	VerifactuCertificatePassword string
	VerifactuCertificate         *aeat.Certificate
	// VerifactuCertificateHolder says whose the certificate is.
	VerifactuCertificateHolder aeat.Holder
	// DevAEAT runs the development AEAT on a loopback port and sends the
	// records there, with a certificate it issues.
	DevAEAT bool
}

// Sending records is configuration, not a back-office setting: it needs a
// secret (the certificate) that never belongs in the database, and every
// replica must send the same way.
func init() {
	options = append(options,
		Option{
			Env: "VERIFACTU_SEND", Flag: "verifactu-send", Default: "false",
			Description: "Send the VeriFactu invoice records to the AEAT (VERI*FACTU mode) with VERIFACTU_CERTIFICATE, to VERIFACTU_ENVIRONMENT's endpoint, and print the \"VERI*FACTU\" legend and that environment's QR on invoices. Off, the records are chained and their messages prepared but kept. Production refuses it on without a certificate valid now.",
			set:         func(c *Config, v string) error { return setBool(&c.VerifactuSend, v) },
			get:         func(c *Config) string { return strconv.FormatBool(c.VerifactuSend) },
		},
		Option{
			Env: "VERIFACTU_ENVIRONMENT", Flag: "verifactu-environment", Default: VerifactuTest,
			Description: "`test` (the AEAT's test service, `" + aeat.EndpointTest + "`, and its test QR checker) or `production` (`" + aeat.EndpointProduction + "`). Production refuses `test` while VERIFACTU_SEND is on: its records would never reach the AEAT.",
			set: func(c *Config, v string) error {
				if v != VerifactuTest && v != VerifactuProduction {
					return fmt.Errorf("want %q or %q", VerifactuTest, VerifactuProduction)
				}
				c.VerifactuEnvironment = v
				return nil
			},
			get: func(c *Config) string { return c.VerifactuEnvironment },
		},
		Option{
			Env: "VERIFACTU_SEAL_CERTIFICATE", Flag: "verifactu-seal-certificate", Default: "false",
			Description: "The certificate is a certificate of seal (sello de entidad): send to the AEAT's ports for those (`prewww10`, `www10`).",
			set:         func(c *Config, v string) error { return setBool(&c.VerifactuSealCertificate, v) },
			get:         func(c *Config) string { return strconv.FormatBool(c.VerifactuSealCertificate) },
		},
		Option{
			Env: "VERIFACTU_CERTIFICATE", Flag: "verifactu-certificate", Secret: true, binary: true,
			Description: "The shop's electronic certificate for the AEAT, a PKCS#12 file (.p12, .pfx), in Base64; or VERIFACTU_CERTIFICATE_FILE naming the file itself. Never logged. Opened at start with VERIFACTU_CERTIFICATE_PASSWORD.",
			set:         func(c *Config, v string) error { c.VerifactuCertificateFile = v; return nil },
			get:         func(c *Config) string { return c.VerifactuCertificateFile },
		},
		Option{
			Env: "VERIFACTU_CERTIFICATE_PASSWORD", Flag: "verifactu-certificate-password", Secret: true,
			Description: "Password of VERIFACTU_CERTIFICATE (or VERIFACTU_CERTIFICATE_PASSWORD_FILE). Never logged.",
			set:         func(c *Config, v string) error { c.VerifactuCertificatePassword = v; return nil },
			get:         func(c *Config) string { return c.VerifactuCertificatePassword },
		},
		Option{
			Env: "VERIFACTU_CERTIFICATE_HOLDER", Flag: "verifactu-certificate-holder", Default: string(aeat.HolderShop),
			Description: "Whose the certificate is: `shop` (a certificate of another NIF than the shop's is logged as a warning at start), `representative` (a representative's, with the power to send for the shop) or `social-collaborator` (a colaborador social's, under its agreement with the AEAT).",
			set: func(c *Config, v string) error {
				if !slices.Contains(aeat.Holders, aeat.Holder(v)) {
					return fmt.Errorf("want one of %v", aeat.Holders)
				}
				c.VerifactuCertificateHolder = aeat.Holder(v)
				return nil
			},
			get: func(c *Config) string { return string(c.VerifactuCertificateHolder) },
		},
		Option{
			Env: "DEV_AEAT", Flag: "dev-aeat", Default: "false",
			Description: "Development AEAT: a stand-in for the VERI*FACTU web service on a loopback port (TLS with a client certificate it issues) that the records are sent to, answering as the AEAT would, so a development shop goes through sending, answers and corrections with no certificate and no internet; invoices then carry the legend and the test QR. Never in production, nor with VERIFACTU_CERTIFICATE.",
			set:         func(c *Config, v string) error { return setBool(&c.DevAEAT, v) },
			get:         func(c *Config) string { return strconv.FormatBool(c.DevAEAT) },
		},
	)
}

// checkVerifactu opens the certificate once every option is parsed. Its
// messages never include the file or the password.
func checkVerifactu(c *Config) []error {
	if c.DevAEAT && c.Env == EnvProduction {
		return []error{errors.New("DEV_AEAT accepts records the AEAT never sees: never in production")}
	}
	if c.DevAEAT && c.VerifactuCertificateFile != "" {
		return []error{errors.New("DEV_AEAT and VERIFACTU_CERTIFICATE exclude each other: the development AEAT issues its own certificate")}
	}
	if c.VerifactuCertificateFile == "" {
		if c.VerifactuCertificatePassword != "" {
			return []error{errors.New("VERIFACTU_CERTIFICATE_PASSWORD is set without VERIFACTU_CERTIFICATE")}
		}
		return nil
	}
	cert, err := aeat.LoadPKCS12(pkcs12Bytes(c.VerifactuCertificateFile), c.VerifactuCertificatePassword)
	if err != nil {
		return []error{fmt.Errorf("VERIFACTU_CERTIFICATE: %w", err)}
	}
	c.VerifactuCertificate = cert
	return nil
}

// pkcs12Bytes is the file given: Base64 text (an environment variable
// cannot hold the binary file) or the binary file itself (through _FILE).
func pkcs12Bytes(v string) []byte {
	if b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(v), "")); err == nil {
		return b
	}
	return []byte(v)
}

// VerifactuSending says records are sent: to the AEAT (VERIFACTU_SEND) or
// to the development AEAT. Invoices then carry the VERI*FACTU legend.
func (c *Config) VerifactuSending() bool { return c.VerifactuSend || c.DevAEAT }

// VerifactuEndpoint is where records are sent.
func (c *Config) VerifactuEndpoint() string {
	switch {
	case c.VerifactuEnvironment == VerifactuProduction && c.VerifactuSealCertificate:
		return aeat.EndpointProductionSeal
	case c.VerifactuEnvironment == VerifactuProduction:
		return aeat.EndpointProduction
	case c.VerifactuSealCertificate:
		return aeat.EndpointTestSeal
	}
	return aeat.EndpointTest
}

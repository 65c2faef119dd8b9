package config

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sabores/sabores/backend/internal/redsys"
)

// The two Redsys environments of REDSYS_ENVIRONMENT.
const (
	RedsysTest = "test"
	RedsysLive = "live"
)

// PaymentMethodNames are the values PAYMENT_METHODS accepts.
var PaymentMethodNames = []string{"card", "bizum", "transfer", "cash"}

// devRedsysAuto is DEV_REDSYS's default.
const devRedsysAuto = "auto"

// devRedsysByDefault is DEV_REDSYS=auto's rule, the development sign-in's
// rule: the development gateway approves any payment for whoever asks, so
// it stands in only where nobody else can reach the shop (ADDR and
// PUBLIC_URL both on loopback), in development, and only when no real
// terminal is configured.
func devRedsysByDefault(c *Config) bool {
	return c.Env == EnvDevelopment && c.RedsysSecretKey == "" &&
		loopbackAddr(c.Addr) && loopbackURL(c.PublicURL)
}

func checkPaymentMethods(methods []string) error {
	if len(methods) == 0 {
		return errors.New("want at least one payment method")
	}
	for i, m := range methods {
		if !slices.Contains(PaymentMethodNames, m) {
			return fmt.Errorf("%q is not one of %v", m, PaymentMethodNames)
		}
		if slices.Contains(methods[:i], m) {
			return fmt.Errorf("%q is listed twice", m)
		}
	}
	return nil
}

// defaultRedsysSignature is the version every terminal accepts.
const defaultRedsysSignature = redsys.SignatureVersion

func setRedsysSignatureVersion(c *Config, v string) error {
	if v != redsys.SignatureVersion && v != redsys.SignatureSHA512V2 {
		return fmt.Errorf("want %q or %q", redsys.SignatureVersion, redsys.SignatureSHA512V2)
	}
	c.RedsysSignatureVersion = v
	return nil
}

// checkRedsys checks the Redsys options together, once each is parsed. Its
// messages never include the secret.
func checkRedsys(c *Config) []error {
	var errs []error
	if c.RedsysSecretKey != "" || c.RedsysMerchantCode != "" {
		if c.RedsysSecretKey == "" || c.RedsysMerchantCode == "" {
			errs = append(errs, errors.New("REDSYS_MERCHANT_CODE and REDSYS_SECRET_KEY must be set together"))
		} else if _, err := redsys.NewMerchant(c.RedsysMerchantCode, c.RedsysTerminal, c.RedsysSecretKey); err != nil {
			errs = append(errs, fmt.Errorf("REDSYS_MERCHANT_CODE, REDSYS_TERMINAL, REDSYS_SECRET_KEY: %w", err))
		}
	}
	if c.DevRedsys && c.Env == EnvProduction {
		errs = append(errs, errors.New("DEV_REDSYS approves payments nobody made: never in production"))
	}
	if c.DevRedsys && c.RedsysSecretKey != "" {
		errs = append(errs, errors.New("DEV_REDSYS and REDSYS_SECRET_KEY exclude each other: the gateway signs with Redsys's public test key"))
	}
	return errs
}

// Redsys is the terminal card and Bizum payments go to and where its
// payment page and REST interface are, or ok false when neither a real
// terminal nor the development gateway is configured, so card and Bizum
// are not offered. The development gateway serves both under PUBLIC_URL.
func (c *Config) Redsys() (merchant *redsys.Merchant, endpoints redsys.Endpoints, ok bool) {
	switch {
	case c.DevRedsys:
		m, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
		if err == nil {
			m, err = m.WithSignatureVersion(c.RedsysSignatureVersion)
		}
		if err != nil {
			panic(err) // the published constants always parse; build checked the version
		}
		return m, redsys.Endpoints{
			Redirect: c.PublicURL + DevRedsysPrefix + "realizarPago",
			REST:     c.PublicURL + DevRedsysPrefix + "rest/trataPeticionREST",
		}, true
	case c.RedsysSecretKey != "":
		m, err := redsys.NewMerchant(c.RedsysMerchantCode, c.RedsysTerminal, c.RedsysSecretKey)
		if err == nil {
			m, err = m.WithSignatureVersion(c.RedsysSignatureVersion)
		}
		if err != nil {
			return nil, redsys.Endpoints{}, false // build refused it already
		}
		if c.RedsysEnvironment == RedsysLive {
			return m, redsys.LiveEndpoints, true
		}
		return m, redsys.TestEndpoints, true
	}
	return nil, redsys.Endpoints{}, false
}

// DevRedsysPrefix is where the development gateway is served.
const DevRedsysPrefix = "/dev-redsys/"

// MaxCashSurchargeCents bounds CASH_ON_DELIVERY_SURCHARGE_CENTS: 10 €, well
// above what carriers charge for collecting, so a typo cannot overcharge.
const MaxCashSurchargeCents = 1000

// OfferedPaymentMethods are the PAYMENT_METHODS the shop can take as
// configured: card and Bizum need a Redsys terminal (or the development
// gateway). Transfer also needs the IBAN saved in the shop settings, which
// the order service checks when it answers.
func (c *Config) OfferedPaymentMethods() []string {
	_, _, redsysOn := c.Redsys()
	var out []string
	for _, m := range c.PaymentMethods {
		if (m == "card" || m == "bizum") && !redsysOn {
			continue
		}
		out = append(out, m)
	}
	return out
}

package config

import (
	"net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/redsys"
)

// catcherSMTPPort is the development mail catcher's port (Mailpit's).
const catcherSMTPPort = 1025

// Refusals are the reasons a production shop must not start with c, one
// sentence each, all of them at once so the operator mends them in one go:
// settings that would let anyone in, take money nobody pays, send the
// shop's e-mails nowhere, or leave secrets to a database backup. `shopd
// serve` refuses to start on any and `shopd check` prints them. Nothing is
// refused outside production.
func (c *Config) Refusals() []string {
	if c.Env != EnvProduction {
		return nil
	}
	var out []string
	refuse := func(s string) { out = append(out, s) }
	if c.DevSignIn {
		refuse("DEV_SIGNIN lets anyone sign in as anyone, admins included: turn it off")
	}
	if c.DevRedsys {
		refuse("DEV_REDSYS approves payments nobody made: turn it off")
	}
	if c.DevSendcloud {
		refuse("DEV_SENDCLOUD makes labels no carrier honours and lets anyone deliver orders: turn it off")
	}
	if u, err := url.Parse(c.SendcloudURL); c.ShippingLabels && (err != nil || u.Scheme != "https") {
		refuse("SENDCLOUD_URL must be https:// (it is " + quote(c.SendcloudURL) + "): the API's keys travel with every call")
	}
	if u, err := url.Parse(c.PublicURL); err != nil || u.Scheme != "https" || u.Host == "" {
		refuse("PUBLIC_URL must be the shop's https:// address (it is " + quote(c.PublicURL) + "): without it cookies are not Secure and browsers get no HSTS")
	}
	if c.GoogleClientID == "" {
		refuse("no sign-in method: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (docs/deployment.md says which redirect URI to register)")
	}
	if !c.RedsysAllowTestInProduction && c.RedsysSecretKey != "" {
		if c.RedsysSecretKey == redsys.TestSecretKey {
			refuse("REDSYS_SECRET_KEY is Redsys's published test key: anyone can sign a notification that pays an order")
		}
		if c.RedsysMerchantCode == redsys.TestMerchantCode {
			refuse("REDSYS_MERCHANT_CODE is Redsys's public test merchant (" + redsys.TestMerchantCode + "): no money reaches the shop")
		}
		if c.RedsysEnvironment != RedsysLive {
			refuse("REDSYS_ENVIRONMENT is test: payments go to Redsys's test platform and no money reaches the shop (REDSYS_ALLOW_TEST_IN_PRODUCTION=true for a rehearsal)")
		}
	}
	if loopbackHost(c.SMTPHost) && c.SMTPPort == catcherSMTPPort && c.SMTPTLS == "none" {
		refuse("SMTP_HOST, SMTP_PORT and SMTP_TLS are the development mail catcher's: shoppers would get no e-mail")
	}
	if domain := mailDomain(c.MailFrom); domain == "" || strings.HasSuffix(domain, ".local") || domain == "local" {
		refuse("MAIL_FROM must be an address of the shop's own domain (it is " + quote(c.MailFrom) + ")")
	}
	if c.WithdrawalLinkSecret == "" {
		refuse("WITHDRAWAL_LINK_SECRET must be set (or WITHDRAWAL_LINK_SECRET_FILE): the one kept in the database would let whoever holds a backup forge withdrawal links")
	}
	if c.SignInSecret == "" {
		refuse("SIGNIN_SECRET must be set (or SIGNIN_SECRET_FILE): the one kept in the database would let whoever holds a backup forge sign-in cookies")
	}
	if c.VerifactuSend {
		switch {
		case c.VerifactuCertificate == nil:
			refuse("VERIFACTU_SEND is on without VERIFACTU_CERTIFICATE: the AEAT accepts records only over TLS with the shop's certificate")
		case c.VerifactuCertificate.ValidAt(time.Now()) != nil:
			refuse("VERIFACTU_CERTIFICATE cannot authenticate to the AEAT: " + c.VerifactuCertificate.ValidAt(time.Now()).Error() + " (renew it, or turn VERIFACTU_SEND off meanwhile)")
		}
		if c.VerifactuEnvironment != VerifactuProduction {
			refuse("VERIFACTU_ENVIRONMENT is test while VERIFACTU_SEND is on: the invoices' records would reach only the AEAT's test service")
		}
	}
	return out
}

// mailDomain is the lower-case domain of an address such as
// "Sabores <pedidos@sabores.es>", or "" when it is none.
func mailDomain(from string) string {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return ""
	}
	_, domain, ok := strings.Cut(a.Address, "@")
	if !ok {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(domain, "."))
}

// quote shows a value in a refusal; empty reads as such.
func quote(v string) string {
	if v == "" {
		return "empty"
	}
	return "\"" + v + "\""
}

package config

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Labels is the configuration of shipping labels bought through the
// carrier platform (Sendcloud's API v3, docs/shipping-labels.md).
type Labels struct {
	// ShippingLabels buys labels through Sendcloud with the keys below.
	ShippingLabels bool
	// SendcloudPublicKey and SendcloudSecretKey are the API integration's
	// keys; the secret also verifies the webhooks.
	SendcloudPublicKey, SendcloudSecretKey string
	// SendcloudURL is the API's base.
	SendcloudURL string
	// SendcloudShippingOption, SendcloudAgeCheckOption and
	// SendcloudColdChainOption are the shipping options labels are bought
	// with (carrier.Services).
	SendcloudShippingOption, SendcloudAgeCheckOption, SendcloudColdChainOption string
	// DevSendcloud serves the development stand-in under DevSendcloudPrefix
	// and buys labels there.
	DevSendcloud bool
	// ParcelLineGrams is a unit's weight when its product has none.
	ParcelLineGrams int32
}

// DevSendcloudPrefix is where the development carrier platform is served.
const DevSendcloudPrefix = "/dev-sendcloud/"

// The development stand-in's keys: published, so a developer can sign a
// webhook by hand, and refused in production with the stand-in.
const (
	DevSendcloudPublicKey = "dev-sendcloud-public"
	DevSendcloudSecretKey = "dev-sendcloud-secret-not-for-production"
)

// SendcloudLiveURL is the base of Sendcloud's API v3 (the servers entry of
// https://sendcloud.dev/.openapi/v3/shipments/openapi.yaml).
const SendcloudLiveURL = "https://panel.sendcloud.sc/api/v3"

// The weight of a unit without one of its own: DefaultParcelLineGrams
// unless PARCEL_LINE_GRAMS says, at most MaxParcelLineGrams.
const (
	DefaultParcelLineGrams = 500
	MaxParcelLineGrams     = 30_000
)

// devSendcloudAuto is DEV_SENDCLOUD's default.
const devSendcloudAuto = "auto"

// devSendcloudByDefault is DEV_SENDCLOUD=auto's rule, the development
// gateway's: the stand-in makes labels for whoever holds its published
// keys and sends webhooks that deliver orders, so it stands in only where
// nobody else reaches the shop, in development, with no real keys.
func devSendcloudByDefault(c *Config) bool {
	return c.Env == EnvDevelopment && c.SendcloudSecretKey == "" &&
		loopbackAddr(c.Addr) && loopbackURL(c.PublicURL)
}

func init() {
	options = append(options,
		Option{
			Env: "SHIPPING_LABELS", Flag: "shipping-labels", Default: "false",
			Description: "Buy shipping labels through Sendcloud (API v3) from the order desk, and follow the parcels by its webhooks at PUBLIC_URL`/carrier/sendcloud/webhook` and a poll. Needs SENDCLOUD_PUBLIC_KEY, SENDCLOUD_SECRET_KEY and SENDCLOUD_SHIPPING_OPTION. Off, the desk types the carrier and tracking number of every parcel (DEV_SENDCLOUD turns labels on with its stand-in).",
			set:         func(c *Config, v string) error { return setBool(&c.ShippingLabels, v) },
			get:         func(c *Config) string { return strconv.FormatBool(c.ShippingLabels) },
		},
		Option{
			Env: "SENDCLOUD_PUBLIC_KEY", Flag: "sendcloud-public-key", Secret: true,
			Description: "Public key of the shop's Sendcloud API integration (Settings → Integrations → Sendcloud API). Never logged.",
			set:         func(c *Config, v string) error { c.SendcloudPublicKey = v; return nil },
			get:         func(c *Config) string { return c.SendcloudPublicKey },
		},
		Option{
			Env: "SENDCLOUD_SECRET_KEY", Flag: "sendcloud-secret-key", Secret: true,
			Description: "Secret key of that integration: the API's password and the key Sendcloud signs its webhooks with. Never logged.",
			set:         func(c *Config, v string) error { c.SendcloudSecretKey = v; return nil },
			get:         func(c *Config) string { return c.SendcloudSecretKey },
		},
		Option{
			Env: "SENDCLOUD_URL", Flag: "sendcloud-url", Default: SendcloudLiveURL,
			Description: "Base of Sendcloud's API v3. Production refuses anything but https.",
			set: func(c *Config, v string) error {
				u, err := url.Parse(v)
				if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
					return errors.New("want an absolute http(s) URL")
				}
				c.SendcloudURL = v
				return nil
			},
			get: func(c *Config) string { return c.SendcloudURL },
		},
		Option{
			Env: "SENDCLOUD_SHIPPING_OPTION", Flag: "sendcloud-shipping-option",
			Description: "Sendcloud shipping option code labels are bought with (`carrier:product/functionalities`, as Sendcloud's shipping options list gives them, e.g. `correos:standard`); the account's contract with the carrier sets the cash-on-delivery service. `sendcloud:letter` makes free test labels.",
			set:         func(c *Config, v string) error { c.SendcloudShippingOption = v; return nil },
			get:         func(c *Config) string { return c.SendcloudShippingOption },
		},
		Option{
			Env: "SENDCLOUD_AGE_CHECK_SHIPPING_OPTION", Flag: "sendcloud-age-check-shipping-option",
			Description: "Shipping option with the carrier's age check at the door (functionality `age_check=18`) for orders with alcohol or energy drinks. Empty: they go with SENDCLOUD_SHIPPING_OPTION and the label and packing slip say \"Entrega solo a mayores de 18: comprobar DNI\".",
			set:         func(c *Config, v string) error { c.SendcloudAgeCheckOption = v; return nil },
			get:         func(c *Config) string { return c.SendcloudAgeCheckOption },
		},
		Option{
			Env: "SENDCLOUD_COLD_CHAIN_SHIPPING_OPTION", Flag: "sendcloud-cold-chain-shipping-option",
			Description: "Shipping option of parcels with frozen or chilled goods. Empty: they go outside the platform, the cold chain booked with the carrier directly, and the desk types the carrier and tracking number.",
			set:         func(c *Config, v string) error { c.SendcloudColdChainOption = v; return nil },
			get:         func(c *Config) string { return c.SendcloudColdChainOption },
		},
		Option{
			Env: "PARCEL_LINE_GRAMS", Flag: "parcel-line-grams", Default: strconv.Itoa(DefaultParcelLineGrams),
			Description: "Weight in grams, packed, a unit counts for on a label when its product has no weight; the desk may type the parcel's weight instead.",
			set: func(c *Config, v string) error {
				n, err := strconv.ParseInt(v, 10, 32)
				if err != nil || n < 1 || n > MaxParcelLineGrams {
					return fmt.Errorf("want grams from 1 to %d", MaxParcelLineGrams)
				}
				c.ParcelLineGrams = int32(n)
				return nil
			},
			get: func(c *Config) string { return strconv.Itoa(int(c.ParcelLineGrams)) },
		},
		Option{
			Env: "DEV_SENDCLOUD", Flag: "dev-sendcloud", Default: devSendcloudAuto,
			Description: "Development carrier platform under `/dev-sendcloud/`: serves Sendcloud's API v3 with its own published keys, makes test labels as PDFs and lets the developer move parcels along, posting signed webhooks to the shop. `auto` turns it on only in development with no SENDCLOUD_SECRET_KEY and ADDR and PUBLIC_URL both on loopback (localhost, 127.0.0.0/8, ::1); `true` forces it on, never in production.",
			set: func(c *Config, v string) error {
				if v == devSendcloudAuto {
					c.DevSendcloud = devSendcloudByDefault(c)
					return nil
				}
				return setBool(&c.DevSendcloud, v)
			},
			get: func(c *Config) string { return strconv.FormatBool(c.DevSendcloud) },
		},
	)
}

// checkLabels checks the label options together, once each is parsed. Its
// messages never include a key.
func checkLabels(c *Config) []error {
	var errs []error
	if (c.SendcloudPublicKey == "") != (c.SendcloudSecretKey == "") {
		errs = append(errs, errors.New("SENDCLOUD_PUBLIC_KEY and SENDCLOUD_SECRET_KEY must be set together"))
	}
	if c.ShippingLabels && !c.DevSendcloud && (c.SendcloudSecretKey == "" || c.SendcloudShippingOption == "") {
		errs = append(errs, errors.New("SHIPPING_LABELS needs SENDCLOUD_PUBLIC_KEY, SENDCLOUD_SECRET_KEY and SENDCLOUD_SHIPPING_OPTION"))
	}
	if c.DevSendcloud && c.Env == EnvProduction {
		errs = append(errs, errors.New("DEV_SENDCLOUD makes labels nobody pays for and delivers orders by hand: never in production"))
	}
	if c.DevSendcloud && c.SendcloudSecretKey != "" {
		errs = append(errs, errors.New("DEV_SENDCLOUD and SENDCLOUD_SECRET_KEY exclude each other: the stand-in has keys of its own"))
	}
	return errs
}

// Sendcloud is the platform labels are bought through.
type Sendcloud struct {
	// Base is the API's base URL; PublicKey and SecretKey the integration's.
	Base, PublicKey, SecretKey string
	// Standard, AgeCheck and ColdChain are the shipping options.
	Standard, AgeCheck, ColdChain string
	// Dev says it is the development stand-in, served under
	// DevSendcloudPrefix.
	Dev bool
}

// Sendcloud is where labels are bought and with which keys, or ok false
// when the shop buys none. The stand-in serves the API under PUBLIC_URL
// with its published keys, and takes any shipping option ("dev:standard"
// when none is set).
func (c *Config) Sendcloud() (Sendcloud, bool) {
	s := Sendcloud{
		Base: c.SendcloudURL, PublicKey: c.SendcloudPublicKey, SecretKey: c.SendcloudSecretKey,
		Standard: c.SendcloudShippingOption, AgeCheck: c.SendcloudAgeCheckOption, ColdChain: c.SendcloudColdChainOption,
	}
	switch {
	case c.DevSendcloud:
		s.Base = strings.TrimSuffix(c.PublicURL, "/") + DevSendcloudPrefix + "api/v3"
		s.PublicKey, s.SecretKey, s.Dev = DevSendcloudPublicKey, DevSendcloudSecretKey, true
		if s.Standard == "" {
			s.Standard = "dev:standard"
		}
		return s, true
	case c.ShippingLabels:
		return s, true
	}
	return Sendcloud{}, false
}

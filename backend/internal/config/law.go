package config

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

// Law is the configuration of the consumer-law features: the withdrawal
// link's secret and where the shop delivers.
type Law struct {
	// WithdrawalLinkSecret signs the withdrawal links of order e-mails;
	// empty uses a secret the replicas share in the database.
	WithdrawalLinkSecret string
	// Delivery is where the shop delivers, and frozen and chilled goods.
	Delivery deliveryarea.Policy
}

// The delivery areas are configuration, not a back-office setting: they
// follow the carrier contracts and the tax registrations (selling to the
// Canary Islands, Ceuta or Melilla is exporting), which change rarely and
// with a deployment, and every replica must apply the same rule from start.
func init() {
	options = append(options,
		Option{
			Env: "WITHDRAWAL_LINK_SECRET", Flag: "withdrawal-link-secret", Secret: true,
			Description: "Secret (at least 32 characters) signing the withdrawal links of order e-mails, which let a shopper withdraw without signing in. Never logged. Empty: a random secret made once and kept in the database, shared by every replica, which production refuses (a backup would let its holder forge links). Changing it breaks the links already sent.",
			set: func(c *Config, v string) error {
				if v != "" && len(v) < 32 {
					return errors.New("want at least 32 characters")
				}
				c.WithdrawalLinkSecret = v
				return nil
			},
			get: func(c *Config) string { return c.WithdrawalLinkSecret },
		},
		Option{
			Env: "DELIVERY_AREAS", Flag: "delivery-areas", Default: "peninsula,baleares",
			Description: "Areas the shop delivers to (comma-separated): `peninsula`, `baleares`, `canarias` (postal codes 35, 38), `ceuta` (51), `melilla` (52). Others are refused at the cart and checkout (`DELIVERY_AREA`).",
			set: func(c *Config, v string) error {
				areas, err := deliveryarea.ParseAreas(v)
				if err == nil && len(areas) == 0 {
					err = errors.New("name at least one area")
				}
				c.Delivery.Served = areas
				return err
			},
			get: func(c *Config) string { return joinAreas(c.Delivery.Served) },
		},
		Option{
			Env: "COLD_CHAIN_AREAS", Flag: "cold-chain-areas", Default: "peninsula",
			Description: "Areas frozen and chilled products are delivered to (comma-separated, of DELIVERY_AREAS): the reach of the cold-chain carrier.",
			set: func(c *Config, v string) error {
				areas, err := deliveryarea.ParseAreas(v)
				c.Delivery.ColdChain = areas
				return err
			},
			get: func(c *Config) string { return joinAreas(c.Delivery.ColdChain) },
		},
		Option{
			Env: "FROZEN_MINIMUM_CENTS", Flag: "frozen-minimum-cents", Default: "0",
			Description: "Least an order holding frozen goods must reach, in cents of its goods (VAT included; 0: no minimum). Below it the cart says so and checkout refuses (`FROZEN_MINIMUM`).",
			set: func(c *Config, v string) error {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil || n < 0 || n > MaxFrozenMinimumCents {
					return fmt.Errorf("want whole cents from 0 to %d", MaxFrozenMinimumCents)
				}
				c.Delivery.FrozenMinimumCents = n
				return nil
			},
			get: func(c *Config) string { return strconv.FormatInt(c.Delivery.FrozenMinimumCents, 10) },
		},
		Option{
			Env: "DISPATCH_DAYS", Flag: "dispatch-days", Default: "mon,tue,wed",
			Description: "Weekdays frozen and chilled orders are dispatched (comma-separated: `mon` … `sun`), so parcels in the cold chain never wait over a weekend. The cart, checkout, order page and order e-mail show the expected dispatch day.",
			set: func(c *Config, v string) error {
				days, err := deliveryarea.ParseDays(v)
				if err == nil && len(days) == 0 {
					err = errors.New("name at least one weekday")
				}
				c.Delivery.Dispatch.Days = days
				return err
			},
			get: func(c *Config) string { return deliveryarea.FormatDays(c.Delivery.Dispatch.Days) },
		},
		Option{
			Env: "DISPATCH_CLOSED_DAYS", Flag: "dispatch-closed-days", Default: "",
			Description: "Dates (`YYYY-MM-DD`, comma-separated) frozen and chilled orders are not dispatched, besides the public holidays every year in Burela (Spain's and Galicia's, Holy Thursday and Good Friday): the town's local holidays, a Sunday holiday moved to Monday, the shop's own closing days.",
			set: func(c *Config, v string) error {
				days, err := deliveryarea.ParseClosedDays(v)
				c.Delivery.Dispatch.Closed = days
				return err
			},
			get: func(c *Config) string { return deliveryarea.FormatClosedDays(c.Delivery.Dispatch.Closed) },
		},
		Option{
			Env: "DISPATCH_CUTOFF_HOUR", Flag: "dispatch-cutoff-hour", Default: "12",
			Description: "Hour (0–24, Madrid time) before which a frozen or chilled order placed on a dispatch day leaves that day; later ones leave on the next dispatch day.",
			set: func(c *Config, v string) error {
				n, err := strconv.Atoi(v)
				if err != nil || n < 0 || n > 24 {
					return errors.New("want an hour from 0 to 24")
				}
				c.Delivery.Dispatch.CutoffHour = n
				return nil
			},
			get: func(c *Config) string { return strconv.Itoa(c.Delivery.Dispatch.CutoffHour) },
		},
	)
}

// MaxFrozenMinimumCents bounds FROZEN_MINIMUM_CENTS: 200 €, well above any
// carrier's cold-chain cost, so a typo cannot close the frozen shelf.
const MaxFrozenMinimumCents = 20000

func joinAreas(areas []deliveryarea.Area) string {
	s := ""
	for i, a := range areas {
		if i > 0 {
			s += ","
		}
		s += string(a)
	}
	return s
}

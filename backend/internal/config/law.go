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
	// Delivery is the frozen-goods minimum and when cold-chain parcels may
	// leave; where the shop delivers and on which weekdays cold-chain
	// parcels leave are its shipping rates (package shipping).
	Delivery deliveryarea.Policy
}

// Where the shop delivers, and at what price, is the owner's shipping rates
// in the back office (package shipping); the frozen minimum and the
// dispatch calendar's cut-off and closed days stay configuration.
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

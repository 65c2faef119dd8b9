package config

import (
	"errors"

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
			Description: "Secret (at least 32 characters) signing the withdrawal links of order e-mails, which let a shopper withdraw without signing in. Never logged. Empty: a random secret made once and kept in the database, shared by every replica. Changing it breaks the links already sent.",
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
	)
}

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

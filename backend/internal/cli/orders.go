package cli

import (
	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/shop"
)

// orderLimits are the hoarding limits the configuration sets.
func orderLimits(c *config.Config) shop.Limits {
	return shop.Limits{
		MaxUnitsPerLine:      c.OrderMaxUnitsPerLine,
		MaxUnpaidOrders:      c.OrderMaxUnpaid,
		TransferSharePercent: c.OrderTransferSharePercent,
	}
}

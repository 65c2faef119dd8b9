package cli

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/jobs"
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

// paymentWindows are the payment windows the configuration sets; Bizum, a
// phone payment made at checkout, waits as long as a card.
func paymentWindows(c *config.Config) shop.PaymentWindows {
	return shop.PaymentWindows{
		"card": c.PaymentWindowCard, "bizum": c.PaymentWindowCard, "transfer": c.PaymentWindowTransfer,
	}
}

// startJobs starts the background job client on the primary; Databases.Close
// stops it gracefully before the pools close. It gets a context of its own:
// the serve context ends at the first signal, and jobs in flight should
// finish rather than be cut off then.
func startJobs(ctx context.Context, app *App, dbs *Databases) error {
	client, err := jobs.NewClient(dbs.Primary, jobs.Options{
		PaymentWindows: paymentWindows(app.Config), Logger: app.Log,
	})
	if err != nil {
		return err
	}
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	dbs.jobs = client
	return nil
}

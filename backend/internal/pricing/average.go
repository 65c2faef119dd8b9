package pricing

// AverageTicketCents is the average order value: total over orders, rounded
// half-up; 0 without orders (or without anything spent). The shopper's
// dashboard and the back office's statistics both show it.
func AverageTicketCents(totalCents, orders int64) int64 {
	if orders <= 0 || totalCents <= 0 {
		return 0
	}
	return (totalCents + orders/2) / orders
}

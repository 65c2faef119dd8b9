package shop

import "time"

// PaymentWindows is how long an order may wait for its payment, per payment
// method as stored in orders.payment_method, before it is cancelled and its
// stock goes back on sale. A method missing here (cash on delivery) never
// waits for a payment.
type PaymentWindows map[string]time.Duration

// DefaultPaymentWindows are the shop's defaults: a card or Bizum payment happens at checkout or not
// at all; a bank transfer takes up to a couple of working days.
func DefaultPaymentWindows() PaymentWindows {
	return PaymentWindows{"card": 30 * time.Minute, "bizum": 30 * time.Minute, "transfer": 72 * time.Hour}
}

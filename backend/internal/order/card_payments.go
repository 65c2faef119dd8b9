package order

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/payment"
)

// The module is the order side of card and Bizum payments: what a verified
// Redsys decision does to its order. The payment package calls it inside
// the transaction that records the notification.
var _ payment.Recorder = (*Service)(nil)

// RecordAuthorisation marks the order paid as the system (markPaid, as
// every payment), noting the Redsys order number and authorisation code in
// the timeline, in the order's language. An order that can no longer take
// the money (cancelled or expired first, or paid already by another
// attempt) answers payment.ErrOrderClosed, with the late payment noted in
// its timeline; the payment side then refunds it.
func (s *Service) RecordAuthorisation(ctx context.Context, tx pgx.Tx, d payment.Decision) error {
	order, err := db.New(tx).GetOrder(ctx, d.OrderID)
	if err != nil {
		return fmt.Errorf("order: read order %d: %w", d.OrderID, err)
	}
	es, pt := methodNames(d.Method)
	_, _, err = s.markPaid(ctx, tx, paidStep{
		OrderID: d.OrderID, Who: SystemActor,
		Note: LocalNote(order.Language,
			fmt.Sprintf("Pagado con %s: pedido Redsys %s, autorización %s", es, d.RedsysOrder, d.AuthorisationCode),
			fmt.Sprintf("Pago com %s: pedido Redsys %s, autorização %s", pt, d.RedsysOrder, d.AuthorisationCode)),
	})
	var refused *Refusal
	if !errors.As(err, &refused) {
		return err
	}
	if err := notePayment(ctx, tx, d.OrderID, refused.From, LocalNote(order.Language,
		fmt.Sprintf("Pago con %s llegado con el pedido ya cerrado (%s): pedido Redsys %s, autorización %s; devolución pedida a Redsys",
			es, refused.Reason, d.RedsysOrder, d.AuthorisationCode),
		fmt.Sprintf("Pagamento com %s chegado com a encomenda já fechada (%s): pedido Redsys %s, autorização %s; reembolso pedido à Redsys",
			pt, refused.Reason, d.RedsysOrder, d.AuthorisationCode))); err != nil {
		return err
	}
	return payment.ErrOrderClosed
}

// methodNames names a Redsys method in Spanish and Portuguese.
func methodNames(method string) (es, pt string) {
	if method == payment.MethodBizum {
		return "Bizum", "Bizum"
	}
	return "tarjeta", "cartão"
}

// RecordRefusal notes a refused or failed payment in the order's timeline;
// the order stays awaiting payment, so the shopper may pay again until it
// expires.
func (s *Service) RecordRefusal(ctx context.Context, tx pgx.Tx, d payment.Decision) error {
	order, err := db.New(tx).GetOrderForUpdate(ctx, d.OrderID)
	if err != nil {
		return fmt.Errorf("order: lock order %d: %w", d.OrderID, err)
	}
	return notePayment(ctx, tx, d.OrderID, order.PaymentStatus, refusalNote(d.Method, order.Language))
}

// refusalNote is a refused payment in the shopper's words, as the order's
// timeline shows it (issue 38: "pedido Redsys 00015, resposta 0190" told a
// shopper nothing); the bank's order and answer stay in the payment's
// attempt, where the desk reads them.
func refusalNote(method, language string) string {
	if method == payment.MethodBizum {
		return LocalNote(language, "El banco rechazó el pago con Bizum", "O banco recusou o pagamento com Bizum")
	}
	return LocalNote(language, "El banco rechazó la tarjeta", "O banco recusou o cartão")
}

// notePayment records an event of the payment machine that leaves its
// state where it is.
func notePayment(ctx context.Context, tx pgx.Tx, orderID int64, state, note string) error {
	if err := db.New(tx).InsertOrderEvent(ctx, db.InsertOrderEventParams{
		OrderID: orderID, Machine: "payment", FromState: &state, ToState: state,
		Actor: string(SystemActor), Note: note,
	}); err != nil {
		return fmt.Errorf("order: record payment of order %d: %w", orderID, err)
	}
	return nil
}

// LocalNote is a timeline note in the order's language (orders.language:
// the shopper reads it on the order page, the desk beside it): pt for a
// Portuguese order, es otherwise.
func LocalNote(language, es, pt string) string {
	if language == "pt" {
		return pt
	}
	return es
}

package order

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// get reads one of userID's orders with its lines; another user's order is
// apperr.ErrNotFound.
func get(ctx context.Context, q *db.Queries, userID, orderID int64) (*saboresv1.Order, error) {
	row, err := q.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: orderID, UserID: userID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("order: order %d: %w", orderID, apperr.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("order: get order %d: %w", orderID, err)
	}
	orders, err := WithLines(ctx, q, []db.Order{row})
	if err != nil {
		return nil, err
	}
	return orders[0], nil
}

// List reads a page of userID's orders, newest first, with their lines read
// in one query for the whole page.
func List(ctx context.Context, q *db.Queries, userID int64, limit, offset int32) ([]*saboresv1.Order, error) {
	rows, err := q.ListOrdersForUser(ctx, db.ListOrdersForUserParams{UserID: userID, PageLimit: limit, PageOffset: offset})
	if err != nil {
		return nil, fmt.Errorf("order: list orders: %w", err)
	}
	return WithLines(ctx, q, rows)
}

// WithLines maps stored orders with their lines, read in one query for all
// of them; the back office's order list uses it too.
func WithLines(ctx context.Context, q *db.Queries, rows []db.Order) ([]*saboresv1.Order, error) {
	out := make([]*saboresv1.Order, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	for i, row := range rows {
		ids[i] = row.ID
	}
	lines, err := q.ListOrderLines(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: list lines: %w", err)
	}
	byOrder := make(map[int64][]db.OrderLine, len(rows))
	for _, l := range lines {
		byOrder[l.OrderID] = append(byOrder[l.OrderID], l)
	}
	for i, row := range rows {
		out[i] = ToProto(row, byOrder[row.ID])
	}
	return out, nil
}

// ToProto maps a stored order and its lines, in line order. The back
// office lists orders with the same mapping.
func ToProto(o db.Order, lines []db.OrderLine) *saboresv1.Order {
	out := orderToProto(o)
	for _, l := range lines {
		out.Lines = append(out.Lines, lineToProto(l))
		out.ItemCount += l.Quantity
	}
	return out
}

func orderToProto(o db.Order) *saboresv1.Order {
	return &saboresv1.Order{
		Id:            o.ID,
		Status:        status(o.Status),
		StatusText:    o.Status,
		PaymentMethod: paymentMethod(o.PaymentMethod),
		PaymentStatus: paymentStatus(o.PaymentStatus),
		Lines:         []*saboresv1.OrderLine{},
		SubtotalCents: o.SubtotalCents,
		ShippingCents: o.ShippingCents,
		VatCents:      o.VatCents,
		TotalCents:    o.TotalCents,
		Delivery: &saboresv1.Delivery{
			Name:       o.DeliveryName,
			Email:      o.DeliveryEmail,
			Phone:      o.DeliveryPhone,
			Address:    o.DeliveryAddress,
			City:       o.DeliveryCity,
			PostalCode: o.DeliveryPostalCode,
		},
		CreateTime: timestamppb.New(o.CreatedAt),
	}
}

func lineToProto(l db.OrderLine) *saboresv1.OrderLine {
	return &saboresv1.OrderLine{
		ProductId:             l.ProductID,
		Name:                  l.ProductName,
		Quantity:              l.Quantity,
		UnitPriceCents:        l.UnitPriceCents,
		RegularUnitPriceCents: l.RegularUnitPriceCents,
		PromotionLabel:        l.PromotionLabel,
		VatBasisPoints:        l.VatBasisPoints,
		LineTotalCents:        l.LineTotalCents,
		ImageUrl:              l.ImageURL,
	}
}

// status maps a stored status; anything the API does not know passes
// through as status_text with ORDER_STATUS_UNSPECIFIED.
func status(s string) saboresv1.OrderStatus {
	switch shop.Fulfilment(s) {
	case shop.Placed:
		return saboresv1.OrderStatus_ORDER_STATUS_PENDING
	case shop.Preparing:
		return saboresv1.OrderStatus_ORDER_STATUS_PREPARING
	case shop.Shipped:
		return saboresv1.OrderStatus_ORDER_STATUS_SHIPPED
	case shop.Delivered:
		return saboresv1.OrderStatus_ORDER_STATUS_COMPLETED
	case shop.Cancelled:
		return saboresv1.OrderStatus_ORDER_STATUS_CANCELLED
	default:
		return saboresv1.OrderStatus_ORDER_STATUS_UNSPECIFIED
	}
}

func paymentMethod(s string) saboresv1.PaymentMethod {
	switch s {
	case "card":
		return saboresv1.PaymentMethod_PAYMENT_METHOD_CARD
	case "transfer":
		return saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER
	case "cash":
		return saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY
	default:
		return saboresv1.PaymentMethod_PAYMENT_METHOD_UNSPECIFIED
	}
}

func paymentStatus(s string) saboresv1.PaymentStatus {
	switch s {
	case "awaiting_payment":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT
	case "on_delivery":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_ON_DELIVERY
	case "paid":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_PAID
	case "partially_refunded":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_PARTIALLY_REFUNDED
	case "refunded":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_REFUNDED
	default:
		return saboresv1.PaymentStatus_PAYMENT_STATUS_UNSPECIFIED
	}
}

// linesParams snapshots the priced lines as sold: name, image, prices,
// promotion and VAT, so later catalogue edits never rewrite the order.
func linesParams(orderID int64, lines []pricing.Line) db.InsertOrderLinesParams {
	p := db.InsertOrderLinesParams{OrderID: orderID}
	for i, l := range lines {
		p.LineNos = append(p.LineNos, int32(i+1))
		p.ProductIds = append(p.ProductIds, l.ProductID)
		p.ProductNames = append(p.ProductNames, l.Item.Name)
		p.ImageUrls = append(p.ImageUrls, l.Item.ImageURL)
		p.Quantities = append(p.Quantities, l.Quantity)
		p.UnitPricesCents = append(p.UnitPricesCents, l.UnitPriceCents)
		p.RegularUnitPricesCents = append(p.RegularUnitPricesCents, l.Item.PriceCents)
		p.PromotionIds = append(p.PromotionIds, l.PromotionID)
		p.PromotionLabels = append(p.PromotionLabels, l.PromotionLabel)
		p.VatBasisPoints = append(p.VatBasisPoints, l.Item.VATBasisPoints)
		p.LineTotalsCents = append(p.LineTotalsCents, l.LineTotalCents)
	}
	return p
}

// lineProblem is why one line stops an order.
type lineProblem struct {
	productID int64
	problem   pricing.Problem
	available int32
}

// problemsOf lists the priced cart's unsellable lines. At checkout a line
// with no stock left and one with too little are the same failure to the
// shopper (lower the quantity or remove the line), so both are
// INSUFFICIENT_STOCK with the available count, 0 when sold out.
func problemsOf(c pricing.Cart) []lineProblem {
	var out []lineProblem
	for _, l := range c.Lines {
		if len(l.Problems) == 0 {
			continue
		}
		// The first problem is the one to fix first: an unknown or offline
		// product, then a bad quantity, then stock.
		p := lineProblem{productID: l.ProductID, problem: l.Problems[0], available: l.AvailableStock}
		if p.problem == pricing.OutOfStock {
			p.problem = pricing.InsufficientStock
		}
		out = append(out, p)
	}
	return out
}

// unsellable is the FailedPrecondition a refused order returns: one
// ErrorInfo per failing line, reason UPPER_SNAKE, metadata product_id and,
// for stock, available. apperr.Business carries a single ErrorInfo, so the
// Connect error is built here; the error interceptor passes it through.
func unsellable(problems []lineProblem) error {
	msgs := make([]string, len(problems))
	for i, p := range problems {
		msgs[i] = fmt.Sprintf("product %d: %s", p.productID, cart.Reason(p.problem))
	}
	err := connect.NewError(connect.CodeFailedPrecondition,
		errors.New("the order cannot be placed: "+strings.Join(msgs, "; ")))
	for _, p := range problems {
		meta := map[string]string{"product_id": strconv.FormatInt(p.productID, 10)}
		if p.problem == pricing.InsufficientStock {
			meta["available"] = strconv.Itoa(int(p.available))
		}
		if detail, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{
			Reason: cart.Reason(p.problem), Domain: apperr.Domain, Metadata: meta,
		}); derr == nil {
			err.AddDetail(detail)
		}
	}
	return err
}

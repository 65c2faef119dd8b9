// Package admincustomerapi serves AdminCustomerService over Connect: the
// shop's active customers, newest first, paged by keyset.
package admincustomerapi

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// pageSizes: the customer table shows 10 a page, as the contract
// documents; none serves more than 100.
var pageSizes = paging.Sizes{Default: 10, Max: 100}

// Handler implements AdminCustomerService.
type Handler struct {
	q *db.Queries
}

var _ saboresv1connect.AdminCustomerServiceHandler = (*Handler)(nil)

// New returns the handler reading the customers from pool.
func New(pool *pgxpool.Pool) *Handler {
	return &Handler{q: db.New(pool)}
}

func customer(c db.Customer) *saboresv1.Customer {
	return &saboresv1.Customer{
		Id:           c.ID,
		Name:         c.Name,
		Surname:      c.Surname,
		CompanyName:  c.CompanyName,
		Dni:          c.Dni,
		CompanyNif:   c.CompanyNif,
		CustomerType: c.CustomerType,
		Email:        c.Email,
		Phone:        c.Phone,
		Active:       c.Active,
		CreateTime:   timestamppb.New(c.CreatedAt),
	}
}

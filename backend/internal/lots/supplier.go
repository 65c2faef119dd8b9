package lots

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/taxid"
)

// SupplierForm is a supplier as the back office types it.
type SupplierForm struct {
	Name, TaxID, ContactName, Email, Phone string
	// ProductIDs are the products the supplier supplies.
	ProductIDs []int64
}

// Supplier is a supplier with the products it supplies.
type Supplier struct {
	db.Supplier
	ProductIDs []int64
}

// ReasonTaxIDTaken refuses a second supplier with a tax id already entered.
const ReasonTaxIDTaken = "SUPPLIER_TAX_ID_TAKEN"

// CheckSupplier trims a form and checks it: a name, a valid Spanish tax
// id (taxid.Classify, written as taxid.Normalize writes it), an e-mail
// address if one is given.
func CheckSupplier(f SupplierForm) (SupplierForm, error) {
	f.Name, f.ContactName, f.Phone = strings.TrimSpace(f.Name), strings.TrimSpace(f.ContactName), strings.TrimSpace(f.Phone)
	f.Email = strings.TrimSpace(f.Email)
	f.TaxID = taxid.Normalize(strings.TrimSpace(f.TaxID))
	switch {
	case f.Name == "":
		return f, fault.InvalidField("name", "a supplier needs a name")
	case taxid.Classify(f.TaxID) == taxid.Invalid:
		return f, fault.InvalidField("tax_id", "not a valid NIF, NIE or CIF")
	}
	if f.Email != "" {
		if a, err := mail.ParseAddress(f.Email); err != nil || a.Address != f.Email {
			return f, fault.InvalidField("email", "not an e-mail address")
		}
	}
	return f, nil
}

// SaveSupplier creates a supplier (id 0) or changes one, with the products
// it supplies, audited (supplier.create, supplier.update).
func (s *Service) SaveSupplier(ctx context.Context, by audit.Caller, id int64, f SupplierForm) (Supplier, error) {
	f, err := CheckSupplier(f)
	if err != nil {
		return Supplier{}, err
	}
	var out Supplier
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var before any
		action := "supplier.create"
		if id == 0 {
			out.Supplier, err = q.SupplierInsert(ctx, db.SupplierInsertParams{
				Name: f.Name, TaxID: f.TaxID, ContactName: f.ContactName, Email: f.Email, Phone: f.Phone,
			})
		} else {
			action = "supplier.update"
			old, gerr := q.SupplierGetForUpdate(ctx, id)
			if errors.Is(gerr, pgx.ErrNoRows) {
				return &fault.Error{Kind: fault.NotFound, Reason: "SUPPLIER_NOT_FOUND", Message: fmt.Sprintf("no supplier %d", id)}
			}
			if gerr != nil {
				return fmt.Errorf("lots: read supplier %d: %w", id, gerr)
			}
			ids, gerr := q.SupplierProductIDs(ctx, id)
			if gerr != nil {
				return fmt.Errorf("lots: products of supplier %d: %w", id, gerr)
			}
			before = Supplier{Supplier: old, ProductIDs: ids}
			out.Supplier, err = q.SupplierUpdate(ctx, db.SupplierUpdateParams{
				ID: id, Name: f.Name, TaxID: f.TaxID, ContactName: f.ContactName, Email: f.Email, Phone: f.Phone,
			})
		}
		if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23505" {
			return &fault.Error{Kind: fault.Conflict, Reason: ReasonTaxIDTaken, Field: "tax_id",
				Message: "another supplier has tax id " + f.TaxID}
		}
		if err != nil {
			return fmt.Errorf("lots: save supplier: %w", err)
		}
		if err := q.SupplierProductsClear(ctx, out.ID); err != nil {
			return fmt.Errorf("lots: products of supplier %d: %w", out.ID, err)
		}
		if err := q.SupplierProductsAdd(ctx, db.SupplierProductsAddParams{SupplierID: out.ID, ProductIds: f.ProductIDs}); err != nil {
			if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23503" {
				return fault.InvalidField("product_ids", "names a product that does not exist")
			}
			return fmt.Errorf("lots: products of supplier %d: %w", out.ID, err)
		}
		if out.ProductIDs, err = q.SupplierProductIDs(ctx, out.ID); err != nil {
			return fmt.Errorf("lots: products of supplier %d: %w", out.ID, err)
		}
		return audit.Record(ctx, q, by, action, fmt.Sprintf("supplier:%d", out.ID), before, out)
	})
	return out, err
}

// Suppliers are the suppliers by name, each with its products.
func (s *Service) Suppliers(ctx context.Context) ([]Supplier, error) {
	q := db.New(s.pool)
	rows, err := q.SupplierList(ctx)
	if err != nil {
		return nil, fmt.Errorf("lots: list suppliers: %w", err)
	}
	out := make([]Supplier, 0, len(rows))
	for _, r := range rows {
		ids, err := q.SupplierProductIDs(ctx, r.ID)
		if err != nil {
			return nil, fmt.Errorf("lots: products of supplier %d: %w", r.ID, err)
		}
		out = append(out, Supplier{Supplier: r, ProductIDs: ids})
	}
	return out, nil
}

// Package seed loads the shop's sample catalogue (the spec's products,
// countries, promotions, users and orders) and generates large deterministic
// catalogues for benchmarks.
package seed

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// Seeded identities other packages and tests rely on (see PLAN.md).
const (
	CompanyName = "Sabores"
	DevIssuer   = "https://dev.sabores.local"
	AdminEmail  = "admin@sabores.es"
	MariaEmail  = "maria@example.com"
	JoaoEmail   = "joao@example.com"
)

// user is a seeded account.
type user struct {
	subject, email, name, registration, role string
}

var users = []user{
	{"dev-admin", AdminEmail, "Admin Sabores", "admin_company", "admin"},
	{"dev-maria", MariaEmail, "María Silva", "client_direct", "user"},
	{"dev-joao", JoaoEmail, "João Santos", "client_direct", "user"},
}

// Catalogue loads the sample catalogue in one transaction. It is
// idempotent: every row is keyed on something natural (slug, product id,
// e-mail, an order's idempotency key), and rows that exist already are left
// untouched, so running it again changes nothing and keeps an admin's edits.
// Dates (creation, price history, promotions, orders) are relative to the
// first run.
func Catalogue(ctx context.Context, pool *pgxpool.Pool) error {
	start := time.Now()
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return catalogue(ctx, db.New(tx), start)
	})
	if err != nil {
		return fmt.Errorf("seed: catalogue: %w", err)
	}
	slog.InfoContext(ctx, "seed: sample catalogue loaded", "duration", time.Since(start).Round(time.Millisecond))
	return nil
}

func catalogue(ctx context.Context, q *db.Queries, now time.Time) error {
	if err := q.SeedLock(ctx); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	companyID, err := q.SeedCompany(ctx, CompanyName)
	if err != nil {
		return fmt.Errorf("company: %w", err)
	}
	userIDs := make(map[string]int64, len(users))
	for _, u := range users {
		id, err := q.SeedUser(ctx, db.SeedUserParams{
			Issuer: DevIssuer, Subject: u.subject, Email: u.email, FullName: u.name, RegistrationType: u.registration,
		})
		if err != nil {
			return fmt.Errorf("user %s: %w", u.email, err)
		}
		if err := q.SeedCompanyUser(ctx, db.SeedCompanyUserParams{UserID: id, CompanyID: companyID, Role: u.role}); err != nil {
			return fmt.Errorf("company user %s: %w", u.email, err)
		}
		userIDs[u.email] = id
	}
	if err := seedCountries(ctx, q); err != nil {
		return err
	}
	if err := products(ctx, q, companyID, now); err != nil {
		return err
	}
	if err := sampleContents(ctx, q); err != nil {
		return err
	}
	if err := sampleWeights(ctx, q); err != nil {
		return err
	}
	for _, p := range promotions {
		err := q.SeedPromotion(ctx, db.SeedPromotionParams{
			ProductID: p.productID, IsActive: p.active,
			StartsAt: at(now, p.startDays), EndsAt: at(now, p.endDays),
			PromotionType: promotionType(p), DiscountBasisPoints: p.discountBP, FixedPriceCents: p.fixedPriceCents,
		})
		if err != nil {
			return fmt.Errorf("promotion of product %d: %w", p.productID, err)
		}
	}
	if err := shopSettings(ctx, q); err != nil {
		return err
	}
	if err := customers(ctx, q, userIDs, now); err != nil {
		return err
	}
	if err := orders(ctx, q, userIDs, now); err != nil {
		return err
	}
	return reviews(ctx, q, now)
}

// seedCountries writes the home countries and Angola.
func seedCountries(ctx context.Context, q *db.Queries) error {
	for i, c := range countries {
		err := q.SeedCountry(ctx, db.SeedCountryParams{
			Slug: c.slug, Name: c.name, NamePt: c.namePt, FlagEmoji: c.flag, ImageURL: productimage.FlagURL(c.slug),
			BackgroundClasses: c.background, Href: "/" + c.slug, SortOrder: int32(i + 1),
			ShowOnHome: c.showOnHome, Aliases: aliases(c),
		})
		if err != nil {
			return fmt.Errorf("country %s: %w", c.slug, err)
		}
	}
	return nil
}

// products writes the products, their price history and their visibility.
func products(ctx context.Context, q *db.Queries, companyID int64, now time.Time) error {
	launches, older := 0, 0
	for _, group := range countryProducts {
		for i, p := range group.items {
			id := group.firstID + int64(i)
			// Launches are the newest products (one a day back from now);
			// the rest were listed two months ago or more, a day apart, so
			// "newest first" never depends on ties.
			var age int
			if slices.Contains(p.online, launch) {
				launches++
				age = launches
			} else {
				age = 60 + older
				older++
			}
			history := priceChanges[id]
			if history == nil {
				history = []pricePoint{{age, p.priceCents}}
			}
			created := now.AddDate(0, 0, -history[0].daysAgo)
			price := history[len(history)-1].priceCents
			var countrySlug *string
			if group.slug != "" {
				countrySlug = &group.slug
			}
			inserted, err := q.SeedProduct(ctx, db.SeedProductParams{
				ID: id, Name: p.name, Code: fmt.Sprintf("%s-%03d", group.codes, i+1), SKU: fmt.Sprintf("SAB-%05d", id),
				Brand: p.brand, Description: p.description, Category: p.category, OnlineCategories: online(p),
				PriceCents: price, VatBasisPoints: p.vat, Stock: p.stock,
				ImageURL: productimage.ProductURL(p.category, p.name), CountrySlug: countrySlug,
				CompanyID: &companyID, CreatedAt: created,
			})
			if err != nil {
				return fmt.Errorf("product %d: %w", id, err)
			}
			if inserted == 1 {
				for _, h := range history {
					err := q.SeedPriceHistory(ctx, db.SeedPriceHistoryParams{
						ProductID: id, PriceCents: h.priceCents, ValidFrom: now.AddDate(0, 0, -h.daysAgo),
					})
					if err != nil {
						return fmt.Errorf("price history of product %d: %w", id, err)
					}
				}
			}
			if group.slug == "" {
				continue // general products have no visibility rows: sold everywhere
			}
			if err := visibility(ctx, q, id, group.slug, companyID); err != nil {
				return err
			}
		}
	}
	return nil
}

// visibility writes a product's country rows: its own country (visible,
// both channels) unless an override says otherwise, plus any extra
// countries the overrides name.
func visibility(ctx context.Context, q *db.Queries, id int64, home string, companyID int64) error {
	rows := []visibilityOverride{{id, home, true, "both"}}
	for _, o := range visibilityOverrides {
		if o.productID != id {
			continue
		}
		if o.country == home {
			rows[0] = o
			continue
		}
		rows = append(rows, o)
	}
	for _, r := range rows {
		err := q.SeedVisibility(ctx, db.SeedVisibilityParams{
			ProductID: id, CountrySlug: r.country, IsVisible: r.visible, SalesChannel: r.channel, CompanyID: &companyID,
		})
		if err != nil {
			return fmt.Errorf("visibility of product %d in %s: %w", id, r.country, err)
		}
	}
	return nil
}

// customer is a seeded entry of the admin's customer list; user names the
// account (by e-mail) a shopper's customer record belongs to.
type customer struct {
	user, name, surname, companyName, dni, nif, kind, email, phone string
	active                                                         bool
	daysAgo                                                        int
}

var customerList = []customer{
	{MariaEmail, "María", "Silva", "", "12345678Z", "", "particular", MariaEmail, "+34 600 111 222", true, 120},
	{JoaoEmail, "João", "Santos", "", "X1234567L", "", "particular", JoaoEmail, "+34 600 333 444", true, 90},
	{"", "Lucía", "Fernández", "Distribuciones Tropicales S.L.", "", "B12345674", "empresa", "compras@tropicales.es", "+34 910 000 111", true, 200},
	{"", "Carlos", "Pérez", "", "87654321X", "", "particular", "carlos.perez@example.com", "+34 611 555 666", false, 300},
	{"", "Aminata", "Diop", "Restaurante Teranga S.L.", "", "B87654321", "empresa", "pedidos@teranga.es", "+34 933 222 111", false, 250},
	{"", "Valentina", "Gómez", "", "11223344B", "", "particular", "valentina.gomez@example.com", "+34 622 777 888", true, 15},
}

func customers(ctx context.Context, q *db.Queries, userIDs map[string]int64, now time.Time) error {
	for _, c := range customerList {
		var userID *int64
		if id, ok := userIDs[c.user]; ok {
			userID = &id
		}
		err := q.SeedCustomer(ctx, db.SeedCustomerParams{
			UserID: userID, Name: c.name, Surname: c.surname, CompanyName: c.companyName, Dni: c.dni,
			CompanyNif: c.nif, CustomerType: c.kind, Email: c.email, Phone: c.phone, Active: c.active,
			CreatedAt: now.AddDate(0, 0, -c.daysAgo),
		})
		if err != nil {
			return fmt.Errorf("customer %s: %w", c.email, err)
		}
	}
	return nil
}

// order is a seeded order. Lines carry the prices of the day the order was
// placed (Guaraná cost 2,49 € a month ago), as a real order's snapshot would.
type order struct {
	key                    uuid.UUID
	user                   string
	status, payment, payed string
	daysAgo                int
	address, city, postal  string
	lines                  []orderLine
}

type orderLine struct {
	productID      int64
	quantity       int32
	unitPriceCents int64
	regularCents   int64
	label          string
}

var orderList = []order{
	{uuid.MustParse("5ab0e500-0000-4000-8000-000000000001"), MariaEmail, "delivered", "card", "paid", 30,
		"Calle de Atocha 27, 3º B", "Madrid", "28012", []orderLine{
			{guaranaID, 2, 249, 249, ""},
			{paoDeQueijoID, 1, 849, 849, ""},
		}},
	{uuid.MustParse("5ab0e500-0000-4000-8000-000000000002"), MariaEmail, "placed", "transfer", "awaiting_payment", 1,
		"Calle de Atocha 27, 3º B", "Madrid", "28012", []orderLine{
			{cafeColombiaID, 1, 759, 949, "-20%"},
			{harinaPanID, 2, 299, 299, ""},
		}},
	{uuid.MustParse("5ab0e500-0000-4000-8000-000000000003"), JoaoEmail, "cancelled", "cash", "on_delivery", 10,
		"Rua Nova 8, 1º", "Vigo", "36202", []orderLine{
			{grogueID, 1, 1899, 1899, ""},
		}},
	{uuid.MustParse("5ab0e500-0000-4000-8000-000000000004"), JoaoEmail, "delivered", "card", "paid", 45,
		"Rua Nova 8, 1º", "Vigo", "36202", []orderLine{
			{incaKolaID, 3, 229, 229, ""},
			{yerbaTaraguiID, 1, 899, 899, ""},
		}},
}

func orders(ctx context.Context, q *db.Queries, userIDs map[string]int64, now time.Time) error {
	byID := catalogueByID()
	for _, o := range orderList {
		var subtotal, vat int64
		for _, l := range o.lines {
			total := l.unitPriceCents * int64(l.quantity)
			subtotal += total
			vat += pricing.IncludedVAT(total, byID[l.productID].vat)
		}
		u := userIDs[o.user]
		name := ""
		for _, c := range customerList {
			if c.user == o.user {
				name = c.name + " " + c.surname
			}
		}
		orderID, err := q.SeedOrder(ctx, db.SeedOrderParams{
			UserID: u, IdempotencyKey: o.key, Status: o.status, PaymentMethod: o.payment, PaymentStatus: o.payed,
			SubtotalCents: subtotal, VatCents: vat, TotalCents: subtotal,
			DeliveryName: name, DeliveryEmail: o.user, DeliveryPhone: "+34 600 000 000",
			DeliveryAddress: o.address, DeliveryCity: o.city, DeliveryPostalCode: o.postal,
			CreatedAt: now.AddDate(0, 0, -o.daysAgo),
		})
		if err != nil {
			return fmt.Errorf("order %s: %w", o.key, err)
		}
		for i, l := range o.lines {
			p := byID[l.productID]
			err := q.SeedOrderLine(ctx, db.SeedOrderLineParams{
				OrderID: orderID, LineNo: int32(i + 1), ProductID: l.productID, ProductName: p.name,
				ImageURL: productimage.ProductURL(p.category, p.name), Quantity: l.quantity,
				UnitPriceCents: l.unitPriceCents, RegularUnitPriceCents: l.regularCents, PromotionLabel: l.label,
				VatBasisPoints: p.vat, LineTotalCents: l.unitPriceCents * int64(l.quantity),
			})
			if err != nil {
				return fmt.Errorf("line %d of order %s: %w", i+1, o.key, err)
			}
		}
	}
	return nil
}

// catalogueByID indexes the sample products by their id.
func catalogueByID() map[int64]product {
	m := make(map[int64]product)
	for _, g := range countryProducts {
		for i, p := range g.items {
			m[g.firstID+int64(i)] = p
		}
	}
	return m
}

func aliases(c country) []string {
	if c.aliases == nil {
		return []string{}
	}
	return c.aliases
}

func online(p product) []string {
	if p.online == nil {
		return []string{}
	}
	return p.online
}

func promotionType(p promotion) string {
	if p.fixedPriceCents != nil {
		return "fixed_price"
	}
	return "percentage"
}

// at is now moved by days, or nil for an open date.
func at(now time.Time, days *int) *time.Time {
	if days == nil {
		return nil
	}
	t := now.AddDate(0, 0, *days)
	return &t
}

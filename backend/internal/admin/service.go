// Package admin serves AdminService, the back office: products, customers,
// orders, statistics, country tiles, the sign-in status and integrators' API
// keys. It also holds what the back-office services share: mapping to the
// contract, paging and the audit trail.
package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	v1connect "github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Page sizes, as the contract documents them: the product list loads 100
// at a time ('Carregar Mais'), the customer and order tables show 10, the
// audit trail 50; none serves more than 100.
var (
	productPageSizes = paging.Sizes{Default: 100, Max: 100}
	pageSizes        = paging.Sizes{Default: 10, Max: 100}
	auditPageSizes   = paging.Sizes{Default: 50, Max: 100}
)

// OnlineCategories are the storefront sections a product may appear in.
var OnlineCategories = []string{"bebidas", "alimentos", "belleza", "perfumes", "lanzamientos", "populares"}

// SignInStatus tells how sign-in is set up on this server (auth.Service).
type SignInStatus interface {
	GoogleConfigured() bool
	DevSignIn() bool
}

// Service implements AdminService.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	signIn SignInStatus
	mailer shop.Mailer
}

var _ v1connect.AdminServiceHandler = (*Service)(nil)

// New returns the service.
func New(pool *pgxpool.Pool, signIn SignInStatus) *Service {
	return &Service{pool: pool, q: db.New(pool), signIn: signIn}
}

// ListAdminProducts pages every product by name, with an exact total.
func (s *Service) ListAdminProducts(ctx context.Context, req *connect.Request[saboresv1.ListAdminProductsRequest]) (*connect.Response[saboresv1.ListAdminProductsResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, productPageSizes)
	if err != nil {
		return nil, err
	}
	query := catalog.EscapeLike(strings.TrimSpace(req.Msg.Query))
	rows, err := s.q.AdminListProducts(ctx, db.AdminListProductsParams{Query: query, PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list products: %w", err)
	}
	total, err := s.q.AdminCountProducts(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("admin: count products: %w", err)
	}
	products := make([]db.Product, len(rows))
	for i, r := range rows {
		products[i] = r.Product
	}
	out, err := Products(ctx, s.q, products)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListAdminProductsResponse{Products: out, TotalSize: int32(total)}), nil
}

// GetAdminProduct returns one product with its visibility records.
func (s *Service) GetAdminProduct(ctx context.Context, req *connect.Request[saboresv1.GetAdminProductRequest]) (*connect.Response[saboresv1.GetAdminProductResponse], error) {
	row, err := s.q.AdminGetProduct(ctx, req.Msg.Id)
	if err != nil {
		return nil, productNotFound(err, req.Msg.Id)
	}
	out, err := Products(ctx, s.q, []db.Product{row.Product})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetAdminProductResponse{Product: out[0]}), nil
}

// UpdateProduct saves the edit dialog: price, VAT and online categories.
// Every field is checked before anything is written; price changes enter
// the price history, and each changed field its audit row.
func (s *Service) UpdateProduct(ctx context.Context, req *connect.Request[saboresv1.UpdateProductRequest]) (*connect.Response[saboresv1.UpdateProductResponse], error) {
	m := req.Msg
	price, err := ParsePriceCents(m.Price)
	if err != nil {
		return nil, apperr.Invalid("price", err.Error())
	}
	vat, err := ParseVATBasisPoints(m.VatRate)
	if err != nil {
		return nil, apperr.Invalid("vat_rate", err.Error())
	}
	categories := make([]string, 0, len(m.OnlineCategories))
	for _, c := range m.OnlineCategories {
		if !slices.Contains(OnlineCategories, c) {
			return nil, apperr.Invalid("online_categories", fmt.Sprintf("%q is not an online category", c))
		}
		if !slices.Contains(categories, c) {
			categories = append(categories, c)
		}
	}

	var out *saboresv1.AdminProduct
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, m.Id)
		if err != nil {
			return productNotFound(err, m.Id)
		}
		before := row.Product
		product := before
		if before.PriceCents != price || before.VatBasisPoints != vat || !slices.Equal(before.OnlineCategories, categories) {
			if product, err = q.AdminUpdateProduct(ctx, db.AdminUpdateProductParams{
				PriceCents: price, VatBasisPoints: vat, OnlineCategories: categories,
				UpdatedBy: ActorUserID(ctx), ID: m.Id,
			}); err != nil {
				return fmt.Errorf("admin: update product %d: %w", m.Id, err)
			}
			if err := auditProduct(ctx, q, before, product); err != nil {
				return err
			}
		}
		products, err := Products(ctx, q, []db.Product{product})
		if err != nil {
			return err
		}
		out = products[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductResponse{Product: out}), nil
}

// auditProduct records each field that changed between before and after,
// and a new price in the price history.
func auditProduct(ctx context.Context, q *db.Queries, before, after db.Product) error {
	entity := "product:" + strconv.FormatInt(after.ID, 10)
	if before.PriceCents != after.PriceCents {
		if err := q.AdminInsertPriceHistory(ctx, db.AdminInsertPriceHistoryParams{
			ProductID: after.ID, PriceCents: after.PriceCents, ChangedBy: ActorUserID(ctx),
		}); err != nil {
			return fmt.Errorf("admin: price history of %s: %w", entity, err)
		}
		if err := Audit(ctx, q, "product.price", entity,
			map[string]int64{"price_cents": before.PriceCents}, map[string]int64{"price_cents": after.PriceCents}); err != nil {
			return err
		}
	}
	if before.VatBasisPoints != after.VatBasisPoints {
		if err := Audit(ctx, q, "product.vat", entity,
			map[string]int32{"vat_basis_points": before.VatBasisPoints}, map[string]int32{"vat_basis_points": after.VatBasisPoints}); err != nil {
			return err
		}
	}
	if !slices.Equal(before.OnlineCategories, after.OnlineCategories) {
		if err := Audit(ctx, q, "product.online_categories", entity,
			map[string][]string{"online_categories": before.OnlineCategories},
			map[string][]string{"online_categories": after.OnlineCategories}); err != nil {
			return err
		}
	}
	return nil
}

// ListCustomers pages the active customers, newest first.
func (s *Service) ListCustomers(ctx context.Context, req *connect.Request[saboresv1.ListCustomersRequest]) (*connect.Response[saboresv1.ListCustomersResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.AdminListCustomers(ctx, db.AdminListCustomersParams{PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list customers: %w", err)
	}
	total, err := s.q.AdminCountCustomers(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count customers: %w", err)
	}
	res := &saboresv1.ListCustomersResponse{TotalSize: int32(total)}
	for _, c := range rows {
		res.Customers = append(res.Customers, customer(c))
	}
	return connect.NewResponse(res), nil
}

// ListOrders pages every customer's orders, newest first, with their lines
// and the account's email.
func (s *Service) ListOrders(ctx context.Context, req *connect.Request[saboresv1.ListOrdersRequest]) (*connect.Response[saboresv1.ListOrdersResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.AdminListOrders(ctx, db.AdminListOrdersParams{PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list orders: %w", err)
	}
	total, err := s.q.AdminCountOrders(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count orders: %w", err)
	}
	stored := make([]db.Order, len(rows))
	for i, r := range rows {
		stored[i] = r.Order
	}
	orders, err := order.WithLines(ctx, s.q, stored)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		orders[i].CustomerEmail = r.CustomerEmail
	}
	return connect.NewResponse(&saboresv1.ListOrdersResponse{Orders: orders, TotalSize: int32(total)}), nil
}

// GetDashboardStats computes the dashboard from the orders, cancelled ones
// excluded: totals, the last 30 days in Madrid time and the best sellers.
func (s *Service) GetDashboardStats(ctx context.Context, _ *connect.Request[saboresv1.GetDashboardStatsRequest]) (*connect.Response[saboresv1.GetDashboardStatsResponse], error) {
	totals, err := s.q.AdminOrderTotals(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: order totals: %w", err)
	}
	customers, err := s.q.AdminCountCustomers(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count customers: %w", err)
	}
	products, err := s.q.AdminCountProducts(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("admin: count products: %w", err)
	}
	daily, err := s.q.AdminDailyStats(ctx, time.Now())
	if err != nil {
		return nil, fmt.Errorf("admin: daily stats: %w", err)
	}
	best, err := s.q.AdminBestSellers(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: best sellers: %w", err)
	}
	res := &saboresv1.GetDashboardStatsResponse{
		OrderCount:         totals.OrderCount,
		RevenueCents:       totals.RevenueCents,
		AverageTicketCents: pricing.AverageTicketCents(totals.RevenueCents, int64(totals.OrderCount)),
		CustomerCount:      int32(customers),
		ProductCount:       int32(products),
	}
	for _, d := range daily {
		res.Daily = append(res.Daily, &saboresv1.DailyStat{Date: d.Day, OrderCount: d.OrderCount, RevenueCents: d.RevenueCents})
	}
	for _, b := range best {
		res.BestSellers = append(res.BestSellers, &saboresv1.BestSeller{
			ProductId: b.ProductID, Name: b.Name, Quantity: b.Quantity, RevenueCents: b.RevenueCents,
		})
	}
	return connect.NewResponse(res), nil
}

// ListCountryConfigs lists every country's tile in home-grid order.
func (s *Service) ListCountryConfigs(ctx context.Context, _ *connect.Request[saboresv1.ListCountryConfigsRequest]) (*connect.Response[saboresv1.ListCountryConfigsResponse], error) {
	rows, err := s.q.CountryConfigList(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: list countries: %w", err)
	}
	res := &saboresv1.ListCountryConfigsResponse{}
	for _, c := range rows {
		res.Countries = append(res.Countries, catalog.CountryToProto(c))
	}
	return connect.NewResponse(res), nil
}

// countryConfig is a country tile as the audit trail keeps it.
type countryConfig struct {
	Name              string `json:"name"`
	FlagEmoji         string `json:"flag_emoji"`
	ImageURL          string `json:"image_url"`
	BackgroundClasses string `json:"background_classes"`
	Href              string `json:"href"`
}

// UpdateCountryConfig saves a country tile (the old screen only showed an
// alert), recording the old and new values.
func (s *Service) UpdateCountryConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateCountryConfigRequest]) (*connect.Response[saboresv1.UpdateCountryConfigResponse], error) {
	m := req.Msg
	after := countryConfig{Name: m.Name, FlagEmoji: m.FlagEmoji, ImageURL: m.ImageUrl, BackgroundClasses: m.BackgroundClasses, Href: m.Href}
	var out db.Country
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		cur, err := q.CountryConfigBySlugForUpdate(ctx, m.Slug)
		if errors.Is(err, pgx.ErrNoRows) {
			return &apperr.Business{Code: connect.CodeNotFound, Reason: "COUNTRY_NOT_FOUND",
				Message: fmt.Sprintf("country %q does not exist", m.Slug), Metadata: map[string]string{"country": m.Slug}}
		}
		if err != nil {
			return fmt.Errorf("admin: read country %s: %w", m.Slug, err)
		}
		before := countryConfig{Name: cur.Name, FlagEmoji: cur.FlagEmoji, ImageURL: cur.ImageURL, BackgroundClasses: cur.BackgroundClasses, Href: cur.Href}
		if before == after {
			out = cur
			return nil
		}
		if out, err = q.CountryConfigUpdate(ctx, db.CountryConfigUpdateParams{
			Slug: m.Slug, Name: m.Name, FlagEmoji: m.FlagEmoji, ImageURL: m.ImageUrl,
			BackgroundClasses: m.BackgroundClasses, Href: m.Href, UpdatedBy: ActorUserID(ctx),
		}); err != nil {
			return fmt.Errorf("admin: update country %s: %w", m.Slug, err)
		}
		return Audit(ctx, q, "country.config", "country:"+m.Slug, before, after)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateCountryConfigResponse{Country: catalog.CountryToProto(out)}), nil
}

// signInSettingKey holds the Google sign-in status in the settings table.
const signInSettingKey = "signin.google"

// signInSetting is the stored Google sign-in status.
type signInSetting struct {
	Configured     bool   `json:"configured"`
	CustomBranding bool   `json:"custom_branding"`
	UpdatedBy      string `json:"updated_by,omitempty"`
}

// GetSignInConfig returns the Google sign-in status kept on the server (the
// old screen kept it in the browser) and how sign-in is set up here.
func (s *Service) GetSignInConfig(ctx context.Context, _ *connect.Request[saboresv1.GetSignInConfigRequest]) (*connect.Response[saboresv1.GetSignInConfigResponse], error) {
	row, err := s.q.SettingGet(ctx, signInSettingKey)
	v, err := signInSettingFrom(row.Value, err)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: s.signInConfig(signInSetting{}, nil)}), nil
	}
	return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: s.signInConfig(*v, &row.UpdatedAt)}), nil
}

// signInSettingFrom decodes a read of the stored sign-in status (its value
// and error); nil when it was never saved.
func signInSettingFrom(value []byte, err error) (*signInSetting, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("admin: read sign-in status: %w", err)
	}
	v := new(signInSetting)
	if err := json.Unmarshal(value, v); err != nil {
		return nil, fmt.Errorf("admin: decode sign-in status: %w", err)
	}
	return v, nil
}

// UpdateSignInConfig records the Google sign-in status ('Marcar como
// Configurado').
func (s *Service) UpdateSignInConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateSignInConfigRequest]) (*connect.Response[saboresv1.UpdateSignInConfigResponse], error) {
	after := signInSetting{
		Configured:     req.Msg.Configured,
		CustomBranding: req.Msg.CustomBranding,
		UpdatedBy:      auth.FromContext(ctx).Actor(),
	}
	value, err := json.Marshal(after)
	if err != nil {
		return nil, fmt.Errorf("admin: encode sign-in status: %w", err)
	}
	var saved db.SettingPutRow
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.SettingGetForUpdate(ctx, signInSettingKey)
		before, err := signInSettingFrom(row.Value, err)
		if err != nil {
			return err
		}
		if saved, err = q.SettingPut(ctx, db.SettingPutParams{Key: signInSettingKey, Value: value, UpdatedBy: ActorUserID(ctx)}); err != nil {
			return fmt.Errorf("admin: save sign-in status: %w", err)
		}
		return Audit(ctx, q, "signin.config", "setting:"+signInSettingKey, before, after)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateSignInConfigResponse{Config: s.signInConfig(after, &saved.UpdatedAt)}), nil
}

func (s *Service) signInConfig(v signInSetting, updated *time.Time) *saboresv1.SignInConfig {
	c := &saboresv1.SignInConfig{
		Configured:             v.Configured,
		CustomBranding:         v.CustomBranding,
		UpdatedBy:              v.UpdatedBy,
		GoogleClientConfigured: s.signIn.GoogleConfigured(),
		DevProviderEnabled:     s.signIn.DevSignIn(),
	}
	if updated != nil {
		c.UpdateTime = timestamppb.New(*updated)
	}
	return c
}

// CreateApiKey creates an integrator's key and returns its secret, once.
func (s *Service) CreateApiKey(ctx context.Context, req *connect.Request[saboresv1.CreateApiKeyRequest]) (*connect.Response[saboresv1.CreateApiKeyResponse], error) {
	scope := auth.ScopeReadOnly
	if req.Msg.Scope == saboresv1.ApiKeyScope_API_KEY_SCOPE_ADMIN {
		scope = auth.ScopeAdmin
	}
	res := &saboresv1.CreateApiKeyResponse{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		key, err := auth.CreateAPIKey(ctx, q, req.Msg.Name, scope, ActorUserID(ctx))
		if err != nil {
			return err
		}
		if err := Audit(ctx, q, "api_key.create", "api_key:"+strconv.FormatInt(key.ID, 10), nil,
			map[string]string{"name": req.Msg.Name, "scope": scope, "prefix": key.Prefix}); err != nil {
			return err
		}
		// The creator is the caller: a signed-in admin, or an API key (no one).
		res.Key = apiKey(db.APIKeyListRow{
			ID: key.ID, Name: req.Msg.Name, Scope: scope, Prefix: key.Prefix,
			CreatedAt: key.CreatedAt, CreatedByEmail: auth.FromContext(ctx).Email,
		})
		res.Secret = key.Secret
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ListApiKeys lists every key, newest first, revoked ones included.
func (s *Service) ListApiKeys(ctx context.Context, _ *connect.Request[saboresv1.ListApiKeysRequest]) (*connect.Response[saboresv1.ListApiKeysResponse], error) {
	rows, err := s.q.APIKeyList(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: list API keys: %w", err)
	}
	res := &saboresv1.ListApiKeysResponse{}
	for _, r := range rows {
		res.Keys = append(res.Keys, apiKey(r))
	}
	return connect.NewResponse(res), nil
}

// RevokeApiKey stops a key from working at once; revoking a revoked key
// changes nothing.
func (s *Service) RevokeApiKey(ctx context.Context, req *connect.Request[saboresv1.RevokeApiKeyRequest]) (*connect.Response[saboresv1.RevokeApiKeyResponse], error) {
	id := req.Msg.Id
	res := &saboresv1.RevokeApiKeyResponse{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		n, err := q.APIKeyRevoke(ctx, id)
		if err != nil {
			return fmt.Errorf("admin: revoke API key %d: %w", id, err)
		}
		row, err := q.APIKeyByID(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return &apperr.Business{Code: connect.CodeNotFound, Reason: "API_KEY_NOT_FOUND",
				Message: fmt.Sprintf("API key %d does not exist", id), Metadata: map[string]string{"api_key_id": strconv.FormatInt(id, 10)}}
		}
		if err != nil {
			return fmt.Errorf("admin: read API key %d: %w", id, err)
		}
		if n > 0 {
			if err := Audit(ctx, q, "api_key.revoke", "api_key:"+strconv.FormatInt(id, 10),
				map[string]string{"name": row.Name, "scope": row.Scope}, nil); err != nil {
				return err
			}
		}
		res.Key = apiKey(db.APIKeyListRow(row))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ListAuditEvents pages the audit trail, newest first.
func (s *Service) ListAuditEvents(ctx context.Context, req *connect.Request[saboresv1.ListAuditEventsRequest]) (*connect.Response[saboresv1.ListAuditEventsResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, auditPageSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.AuditList(ctx, db.AuditListParams{PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list audit events: %w", err)
	}
	total, err := s.q.AuditCount(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: count audit events: %w", err)
	}
	res := &saboresv1.ListAuditEventsResponse{TotalSize: int32(total)}
	for _, e := range rows {
		res.Events = append(res.Events, &saboresv1.AuditEvent{
			Id:         e.ID,
			Actor:      e.Actor,
			Action:     e.Action,
			Entity:     e.Entity,
			OldValue:   string(e.OldValue),
			NewValue:   string(e.NewValue),
			CreateTime: timestamppb.New(e.CreatedAt),
		})
	}
	return connect.NewResponse(res), nil
}

// Products maps products to the back office's view with their visibility
// records, loaded with q in one query.
func Products(ctx context.Context, q *db.Queries, products []db.Product) ([]*saboresv1.AdminProduct, error) {
	ids := make([]int64, len(products))
	for i, p := range products {
		ids[i] = p.ID
	}
	rows, err := q.VisibilityForProducts(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("admin: load visibility: %w", err)
	}
	vis := visibilityByProduct(rows)
	out := make([]*saboresv1.AdminProduct, len(products))
	for i, p := range products {
		out[i] = adminProduct(p, vis[p.ID])
	}
	return out, nil
}

// productNotFound turns a failed product lookup into NotFound naming it.
func productNotFound(err error, id int64) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("admin: read product %d: %w", id, err)
	}
	return &apperr.Business{Code: connect.CodeNotFound, Reason: "PRODUCT_NOT_FOUND",
		Message: fmt.Sprintf("product %d does not exist", id), Metadata: map[string]string{"product_id": strconv.FormatInt(id, 10)}}
}

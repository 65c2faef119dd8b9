package adminproductapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productcontent"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// newDetails is a valid new product of the small shop.
func newDetails() *saboresv1.ProductDetails {
	return &saboresv1.ProductDetails{
		Name: "Farinha de mandioca", Code: "BR-FAR", Sku: "SKU-3001", Ean: "4006381333931", Brand: "Yoki",
		Description: "Harina de yuca tostada.", Category: "alimentos", Country: "brasil",
		Price: "3,95", VatRate: "4", OnlineCategories: []string{"alimentos", "lanzamientos"},
	}
}

func TestCreateProductStoresLedgerPriceAndAudit(t *testing.T) {
	t.Parallel()
	f := setup(t)
	res, err := f.svc.CreateProduct(f.Ctx, connect.NewRequest(&saboresv1.CreateProductRequest{Details: newDetails(), InitialStock: 24}))
	if err != nil {
		t.Fatalf("CreateProduct: %v", err)
	}
	p := res.Msg.GetProduct()
	if p.GetPriceCents() != 395 || p.GetVatBasisPoints() != 400 || p.GetStock() != 24 || p.GetEan() != "4006381333931" ||
		p.GetCountry() != "brasil" || p.GetImageUrl() != "/images/products/alimentos/farinha-de-mandioca.jpg" {
		t.Errorf("created %+v", p)
	}
	id := p.GetId()
	if n := f.Count(t, `SELECT count(*) FROM stock_movements WHERE product_id = $1 AND delta = 24 AND kind = 'adjustment'
		AND reason = 'receipt' AND actor_user_id = $2 AND note = 'initial stock'`, id, f.Admin); n != 1 {
		t.Errorf("%d ledger receipts of the initial stock, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM price_history WHERE product_id = $1 AND price_cents = 395`, id); n != 1 {
		t.Errorf("%d price history rows, want the first price", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'product.create' AND entity = 'product:' || $1::bigint
		AND new_value->>'ean' = '4006381333931' AND (new_value->>'stock')::int = 24`, id); n != 1 {
		t.Errorf("%d creation audit rows, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM products WHERE id = $1 AND is_food AND NOT sold_online AND published_at IS NULL AND created_by = $2`, id, f.Admin); n != 1 {
		t.Error("the new product is not food, not a draft or not the admin's")
	}

	// A perfume is not food.
	d := newDetails()
	d.Code, d.Sku, d.Ean, d.Category, d.Country = "PF-1", "SKU-PF-1", "", "perfumes", ""
	res, err = f.svc.CreateProduct(f.Ctx, connect.NewRequest(&saboresv1.CreateProductRequest{Details: d}))
	if err != nil {
		t.Fatalf("CreateProduct perfume: %v", err)
	}
	if n := f.Count(t, `SELECT count(*) FROM products WHERE id = $1 AND NOT is_food AND country_slug IS NULL AND ean = ''`, res.Msg.GetProduct().GetId()); n != 1 {
		t.Error("a perfume was created as food, with a country or a barcode")
	}
}

func TestCreateProductRefusals(t *testing.T) {
	t.Parallel()
	f := setup(t)
	for _, tc := range []struct {
		name   string
		change func(*saboresv1.ProductDetails)
		code   connect.Code
		detail string
		field  string
	}{
		{"wrong check digit", func(d *saboresv1.ProductDetails) { d.Ean = "4006381333932" }, connect.CodeInvalidArgument, "EAN_CHECK_DIGIT", "details.ean"},
		{"code taken", func(d *saboresv1.ProductDetails) { d.Code = "BR-GUA" }, connect.CodeAlreadyExists, "PRODUCT_CODE_TAKEN", "details.code"},
		{"sku taken", func(d *saboresv1.ProductDetails) { d.Sku = "SKU-1001" }, connect.CodeAlreadyExists, "PRODUCT_SKU_TAKEN", "details.sku"},
		{"unknown country", func(d *saboresv1.ProductDetails) { d.Country = "narnia" }, connect.CodeInvalidArgument, "details.country", "details.country"},
		{"price not a number", func(d *saboresv1.ProductDetails) { d.Price = "tres" }, connect.CodeInvalidArgument, "details.price", "details.price"},
		{"custom VAT over 100", func(d *saboresv1.ProductDetails) { d.VatRate = "100,5" }, connect.CodeInvalidArgument, "details.vat_rate", "details.vat_rate"},
		{"blank name", func(d *saboresv1.ProductDetails) { d.Name = "   " }, connect.CodeInvalidArgument, "details.name", "details.name"},
	} {
		d := newDetails()
		tc.change(d)
		_, err := f.svc.CreateProduct(f.Ctx, connect.NewRequest(&saboresv1.CreateProductRequest{Details: d, InitialStock: 5}))
		if code, detail := connecttest.Detail(t, err); code != tc.code || detail != tc.detail {
			t.Errorf("%s: %v %q, want %v %q", tc.name, code, detail, tc.code, tc.detail)
		}
		// A refusal with a reason names its field as a field violation too.
		if fields := connecttest.Fields(t, err); len(fields) != 1 || fields[0] != tc.field {
			t.Errorf("%s: field violations %v, want %q", tc.name, fields, tc.field)
		}
	}
	// The barcode of another product is taken too.
	if _, err := f.Pool.Exec(context.Background(), `UPDATE products SET ean = '4006381333931' WHERE id = 1001`); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.CreateProduct(f.Ctx, connect.NewRequest(&saboresv1.CreateProductRequest{Details: newDetails()}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeAlreadyExists || reason != "PRODUCT_EAN_TAKEN" {
		t.Errorf("EAN taken: %v %q", code, reason)
	}
	if n := f.Count(t, `SELECT count(*) FROM products`) + f.Count(t, `SELECT count(*) FROM audit_events`); n != 3 {
		t.Errorf("refused creations left rows: %d products and audit rows, want the 3 products", n)
	}
}

func TestUpdateProductDetailsEditsEveryField(t *testing.T) {
	t.Parallel()
	f := setup(t)
	d := newDetails()
	d.Code, d.Sku = "BR-GUA", "SKU-1001" // its own codes are not "taken"
	res, err := f.svc.UpdateProductDetails(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductDetailsRequest{Id: 1001, Details: d}))
	if err != nil {
		t.Fatalf("UpdateProductDetails: %v", err)
	}
	p := res.Msg.GetProduct()
	if p.GetName() != "Farinha de mandioca" || p.GetBrand() != "Yoki" || p.GetCategory() != "alimentos" ||
		p.GetPriceCents() != 395 || p.GetVatBasisPoints() != 400 || p.GetEan() != "4006381333931" ||
		p.GetDescription() != "Harina de yuca tostada." || p.GetImageUrl() != "/images/products/alimentos/farinha-de-mandioca.jpg" {
		t.Errorf("updated %+v", p)
	}
	if n := f.Count(t, `SELECT count(*) FROM price_history WHERE product_id = 1001 AND price_cents = 395`); n != 1 {
		t.Errorf("%d price history rows for the new price, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'product.details' AND entity = 'product:1001'
		AND old_value->>'name' = 'Guaraná Antarctica' AND new_value->>'name' = 'Farinha de mandioca'`); n != 1 {
		t.Errorf("%d detail audit rows, want 1", n)
	}
	// The same details again write nothing.
	if _, err := f.svc.UpdateProductDetails(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductDetailsRequest{Id: 1001, Details: d})); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events`); n != 1 {
		t.Errorf("%d audit rows after an unchanged save, want 1", n)
	}
	// Another product's code is taken.
	d.Code = "CO-ARE"
	_, err = f.svc.UpdateProductDetails(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductDetailsRequest{Id: 1001, Details: d}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeAlreadyExists || reason != "PRODUCT_CODE_TAKEN" {
		t.Errorf("code of 2001: %v %q", code, reason)
	}
}

func TestArchiveProductLeavesStorefrontKeepsOrders(t *testing.T) {
	t.Parallel()
	f := setup(t)
	res, err := f.svc.ArchiveProduct(f.Ctx, connect.NewRequest(&saboresv1.ArchiveProductRequest{Id: 1001, Archived: true}))
	if err != nil || res.Msg.GetProduct().GetArchiveTime() == nil {
		t.Fatalf("archive: %v, %v", res, err)
	}
	if n := f.Count(t, `SELECT count(*) FROM products WHERE id = 1001 AND NOT sold_online AND archived_at IS NOT NULL`); n != 1 {
		t.Error("the archived product is still sold online")
	}
	if n := f.Count(t, `SELECT count(*) FROM order_lines WHERE product_id = 1001`); n != 2 {
		t.Errorf("%d order lines of the archived product, want its 2", n)
	}
	// A visibility change does not bring it back.
	if _, err := f.Pool.Exec(context.Background(), `UPDATE product_country_visibility SET sales_channel = 'both' WHERE product_id = 1001`); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM products WHERE id = 1001 AND sold_online`); n != 0 {
		t.Error("a visibility change put the archived product back on sale")
	}
	if _, err := f.svc.ArchiveProduct(f.Ctx, connect.NewRequest(&saboresv1.ArchiveProductRequest{Id: 1001, Archived: false})); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM products WHERE id = 1001 AND sold_online AND archived_at IS NULL`); n != 1 {
		t.Error("the restored product is not sold online")
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE entity = 'product:1001' AND action IN ('product.archive', 'product.restore')`); n != 2 {
		t.Errorf("%d archive audit rows, want 2", n)
	}
}

// TestProductShippingWeight: a product without a shipping weight is flagged
// to the owner; the details form sets one (audited with the details) and
// empties it again; a weight out of range is refused on its field.
func TestProductShippingWeight(t *testing.T) {
	t.Parallel()
	f := setup(t)
	d := newDetails()
	d.Code, d.Sku = "BR-GUA", "SKU-1001"
	save := func(weight string) (*saboresv1.AdminProduct, error) {
		d.ShippingWeightGrams = weight
		res, err := f.svc.UpdateProductDetails(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductDetailsRequest{Id: 1001, Details: d}))
		if err != nil {
			return nil, err
		}
		return res.Msg.GetProduct(), nil
	}
	p, err := save("")
	if err != nil || !p.GetWeightMissing() || p.GetShippingWeightGrams() != 0 {
		t.Fatalf("no weight: %v, %v; want it flagged", p, err)
	}
	if p, err = save("380"); err != nil || p.GetWeightMissing() || p.GetShippingWeightGrams() != 380 {
		t.Fatalf("380 g: %v, %v", p, err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'product.details' AND new_value->>'shipping_weight_grams' = '380'`); n != 1 {
		t.Errorf("%d audit rows with the weight, want 1", n)
	}
	_, err = save("60000")
	err = apperr.ToConnect(context.Background(), "test", err)
	if code, fields := connecttest.Code(err), connecttest.Fields(t, err); code != connect.CodeInvalidArgument || !slices.Equal(fields, []string{"details.shipping_weight_grams"}) {
		t.Errorf("60 kg: %v %v, want InvalidArgument on details.shipping_weight_grams", code, fields)
	}
}

// TestNewProductIsADraftUntilPublished: a new product is on sale nowhere
// online (the storefront's product page, the cart's and the order's
// sold_online, the sitemap) until published; a food is refused publishing
// until its food information is complete, naming what it lacks; publishing
// and unpublishing are audited.
func TestNewProductIsADraftUntilPublished(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	q := db.New(f.Pool)
	res, err := f.svc.CreateProduct(f.Ctx, connect.NewRequest(&saboresv1.CreateProductRequest{Details: newDetails(), InitialStock: 5}))
	if err != nil {
		t.Fatal(err)
	}
	p := res.Msg.GetProduct()
	id := p.GetId()
	allGaps := []saboresv1.ProductPublishGap{
		saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_INGREDIENTS, saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_ALLERGENS,
		saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_NET_QUANTITY, saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_FOOD_OPERATOR,
		saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_UNIT_PRICE_BASIS,
	}
	if p.GetPublishTime() != nil || !slices.Equal(p.GetPublishGaps(), allGaps) {
		t.Errorf("new food: publish_time %v, gaps %v, want a draft lacking %v", p.GetPublishTime(), p.GetPublishGaps(), allGaps)
	}
	onSale := func() bool {
		t.Helper()
		_, err := q.GetOnlineProductPage(ctx, id)
		ids, serr := q.SitemapProducts(ctx, 1000)
		if serr != nil {
			t.Fatal(serr)
		}
		return err == nil && slices.Contains(ids, id) && f.Count(t, `SELECT count(*) FROM products WHERE id = $1 AND sold_online`, id) == 1
	}
	if onSale() {
		t.Error("a new product is on sale before it is published")
	}

	_, err = f.svc.PublishProduct(f.Ctx, connect.NewRequest(&saboresv1.PublishProductRequest{Id: id, Published: true}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "PRODUCT_INCOMPLETE" {
		t.Fatalf("publishing a food without its information: %v %q", code, reason)
	}
	if infos := connecttest.ErrorInfos(t, err); len(infos) == 0 ||
		infos[0].GetMetadata()["missing"] != "INGREDIENTS,ALLERGENS,NET_QUANTITY,FOOD_OPERATOR,UNIT_PRICE_BASIS" {
		t.Errorf("refusal metadata %v", infos)
	}
	if onSale() {
		t.Error("a refused publication put the product on sale")
	}

	content := validContent()
	content.ProductId, content.NameEs, content.NamePt = id, "Farinha de mandioca", "Farinha de mandioca"
	content.Flags = &saboresv1.ProductFlags{}
	if _, err := f.svc.UpdateProductContent(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductContentRequest{Content: content})); err != nil {
		t.Fatal(err)
	}
	got, err := f.svc.GetAdminProduct(f.Ctx, connect.NewRequest(&saboresv1.GetAdminProductRequest{Id: id}))
	if err != nil || len(got.Msg.GetProduct().GetPublishGaps()) != 0 {
		t.Fatalf("with its food information the product still lacks %v (%v)", got.Msg.GetProduct().GetPublishGaps(), err)
	}
	pub, err := f.svc.PublishProduct(f.Ctx, connect.NewRequest(&saboresv1.PublishProductRequest{Id: id, Published: true}))
	if err != nil || pub.Msg.GetProduct().GetPublishTime() == nil {
		t.Fatalf("publish: %v, %v", pub, err)
	}
	if !onSale() {
		t.Error("the published product is not on sale")
	}
	if _, err := f.svc.PublishProduct(f.Ctx, connect.NewRequest(&saboresv1.PublishProductRequest{Id: id, Published: false})); err != nil {
		t.Fatal(err)
	}
	if onSale() {
		t.Error("the unpublished product is still on sale")
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE entity = 'product:' || $1::bigint
		AND action IN ('product.publish', 'product.unpublish') AND actor = 'admin@sabores.es'`, id); n != 2 {
		t.Errorf("%d publication audit rows, want 2", n)
	}

	// Products from before drafts stay published, the shop's foods flagged
	// for lacking their information.
	list, err := f.svc.ListAdminProducts(f.Ctx, connect.NewRequest(&saboresv1.ListAdminProductsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, lp := range list.Msg.GetProducts() {
		if lp.GetId() == id {
			continue
		}
		if lp.GetPublishTime() == nil || !slices.Equal(lp.GetPublishGaps(), allGaps) {
			t.Errorf("product %d: published %v, gaps %v, want published and flagged", lp.GetId(), lp.GetPublishTime(), lp.GetPublishGaps())
		}
	}
}

// TestAPerfumePublishesWithItsSafetyInformation: a perfume made outside the
// EU is refused publishing until its content names the manufacturer and the
// responsible person established in the EU (GPSR art. 19); the storefront's
// product page then shows both and the warnings in the language asked; a
// manufacturer in the EU needs no responsible person, and none is kept.
func TestAPerfumePublishesWithItsSafetyInformation(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	details := newDetails()
	details.Name, details.Code, details.Sku, details.Ean, details.Brand = "Kaiak Aventura", "BR-KAI", "SKU-3002", "", "Natura"
	details.Category, details.Country, details.VatRate, details.OnlineCategories = "perfumes", "", "21", []string{"perfumes"}
	res, err := f.svc.CreateProduct(f.Ctx, connect.NewRequest(&saboresv1.CreateProductRequest{Details: details, InitialStock: 3}))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Msg.GetProduct().GetId()
	content := &saboresv1.ProductContent{ProductId: id, NameEs: "Kaiak Aventura", NamePt: "Kaiak Aventura", Flags: &saboresv1.ProductFlags{}}
	save := func(s *saboresv1.AdminProductSafety) *saboresv1.ProductContent {
		t.Helper()
		content.Safety = s
		out, err := f.svc.UpdateProductContent(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductContentRequest{Content: content}))
		if err != nil {
			t.Fatal(err)
		}
		return out.Msg.GetContent()
	}
	gaps := func() []saboresv1.ProductPublishGap {
		t.Helper()
		got, err := f.svc.GetAdminProduct(f.Ctx, connect.NewRequest(&saboresv1.GetAdminProductRequest{Id: id}))
		if err != nil {
			t.Fatal(err)
		}
		return got.Msg.GetProduct().GetPublishGaps()
	}
	both := []saboresv1.ProductPublishGap{
		saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_MANUFACTURER, saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_EU_RESPONSIBLE_PERSON,
	}
	save(nil)
	if got := gaps(); !slices.Equal(got, both) {
		t.Fatalf("a perfume without safety information lacks %v, want %v", got, both)
	}
	_, err = f.svc.PublishProduct(f.Ctx, connect.NewRequest(&saboresv1.PublishProductRequest{Id: id, Published: true}))
	if infos := connecttest.ErrorInfos(t, err); len(infos) == 0 || infos[0].GetReason() != "PRODUCT_INCOMPLETE" ||
		infos[0].GetMetadata()["missing"] != "MANUFACTURER,EU_RESPONSIBLE_PERSON" {
		t.Fatalf("publishing it: %v (%v)", err, infos)
	}

	maker := &saboresv1.AdminProductSafety{
		ManufacturerName: "Natura Cosméticos S.A.", ManufacturerAddress: "Av. Alexandre Colares 1188, São Paulo (Brasil)",
		ManufacturerContact: "sac@natura.net", ManufacturerCountry: "BR",
		WarningsEs: "Inflamable. Evítese el contacto con los ojos.", WarningsPt: "Inflamável. Evitar o contacto com os olhos.",
	}
	save(maker)
	if got := gaps(); !slices.Equal(got, both[1:]) {
		t.Fatalf("made in Brazil without a responsible person: lacks %v, want %v", got, both[1:])
	}
	maker.ResponsibleName, maker.ResponsibleAddress, maker.ResponsibleContact = "Natura Cosméticos España S.L.", "Calle de Alcalá 21, 28014 Madrid", "consumidor@natura.es"
	if stored := save(maker).GetSafety(); stored.GetResponsibleName() != "Natura Cosméticos España S.L." {
		t.Fatalf("stored safety %v", stored)
	}
	if got := gaps(); len(got) != 0 {
		t.Fatalf("with its safety information the perfume still lacks %v", got)
	}
	if _, err := f.svc.PublishProduct(f.Ctx, connect.NewRequest(&saboresv1.PublishProductRequest{Id: id, Published: true})); err != nil {
		t.Fatal(err)
	}
	row, err := db.New(f.Pool).GetOnlineProductPage(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	page := &saboresv1.Product{}
	productcontent.LocalizePage(row, page, saboresv1.Language_LANGUAGE_PT)
	want := &saboresv1.ProductSafety{
		ManufacturerName: maker.GetManufacturerName(), ManufacturerAddress: maker.GetManufacturerAddress(),
		ManufacturerContact: "sac@natura.net", ResponsibleName: "Natura Cosméticos España S.L.",
		ResponsibleAddress: "Calle de Alcalá 21, 28014 Madrid", ResponsibleContact: "consumidor@natura.es",
		Warnings: "Inflamável. Evitar o contacto com os olhos.",
	}
	if !proto.Equal(page.GetSafety(), want) {
		t.Errorf("the product page in Portuguese shows %v, want %v", page.GetSafety(), want)
	}

	// Made in the EU: the responsible person is the manufacturer itself.
	maker.ManufacturerCountry = "ES"
	if stored := save(maker).GetSafety(); stored.GetResponsibleName() != "" || stored.GetResponsibleContact() != "" {
		t.Errorf("a responsible person kept for a manufacturer in the EU: %v", stored)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE entity = 'product:' || $1::bigint AND action = 'product.content'
		AND new_value -> 'safety' ->> 'manufacturer_country' = 'ES'`, id); n != 1 {
		t.Errorf("%d audited content changes with the new country, want 1", n)
	}

	// A food carries its operator in its food information instead.
	food := validContent()
	food.Safety = maker
	_, err = f.svc.UpdateProductContent(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductContentRequest{Content: food}))
	if err = apperr.ToConnect(ctx, "test", err); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("safety information on a food: %v, want InvalidArgument", err)
	}
}

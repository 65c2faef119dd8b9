package pricing

// Channel is where a product is sold in a country, as stored in
// product_country_visibility.sales_channel.
type Channel string

// The stored sales channels.
const (
	ChannelOnline   Channel = "online"
	ChannelPhysical Channel = "physical"
	ChannelBoth     Channel = "both"
)

// Visibility is one product_country_visibility row of a product.
type Visibility struct {
	Country string
	Visible bool
	Channel Channel
}

// SoldOnline is the rule deciding whether a product is in the online shop at
// all: general products (beauty, perfumes) have no visibility rows and are
// sold online; a product with rows is sold online only when at least one of
// them is visible with channel online or both. A physical-only or hidden
// product is never listed, searched, shown or sold online.
//
// The database keeps this rule in products.sold_online through a trigger so
// listings can use partial indexes; this function is the rule's statement,
// and the tests check the trigger agrees with it.
func SoldOnline(rows []Visibility) bool {
	if len(rows) == 0 {
		return true
	}
	for _, r := range rows {
		if r.onlineVisible() {
			return true
		}
	}
	return false
}

// SoldOnlineIn says whether a product appears on country's page: it has a
// visible row for that country with channel online or both.
func SoldOnlineIn(rows []Visibility, country string) bool {
	for _, r := range rows {
		if r.Country == country && r.onlineVisible() {
			return true
		}
	}
	return false
}

func (v Visibility) onlineVisible() bool {
	return v.Visible && (v.Channel == ChannelOnline || v.Channel == ChannelBoth)
}

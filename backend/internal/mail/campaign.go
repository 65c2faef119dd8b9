package mail

import (
	htmltemplate "html/template"
	"strings"
)

// The newsletter's own e-mails: a campaign the owner wrote, and the
// back-in-stock alert's confirmation request and alert.
const (
	BackInStockConfirm Kind = "back_in_stock_confirm"
	BackInStockAlert   Kind = "back_in_stock_alert"
)

// Campaign is one newsletter as one subscriber receives it.
type Campaign struct {
	Language string
	Subject  string
	// Body is the owner's text in Markup's subset.
	Body string
	// UnsubscribeURL is the recipient's one-click unsubscribe address,
	// also linked in the body.
	UnsubscribeURL string
	// Test marks the owner's test send.
	Test bool
}

type campaignView struct {
	Lang     string
	T        map[string]string
	Shop     Identity
	Campaign Campaign
	Body     htmltemplate.HTML
	Text     string
}

// RenderCampaign writes a campaign in its language: the owner's text
// through Markup (escaped, so no markup typed reaches the reader), the
// reason the recipient gets it and the unsubscribe link. Nothing tracks
// whether it is opened: no pixel, no rewritten links.
func RenderCampaign(c Campaign, shop Identity) (subject, html, text string, err error) {
	v := campaignView{Lang: language(c.Language), Campaign: c}
	v.T = texts[v.Lang]
	v.Shop = shop.in(v.Lang)
	body, plain := Markup(c.Body)
	v.Body = htmltemplate.HTML(body) //nolint:gosec // Markup escapes every character the owner typed.
	v.Text = plain
	subject = strings.TrimSpace(c.Subject)
	if c.Test {
		subject = "[" + v.T["campaign.testTag"] + "] " + subject
	}
	html, text, err = renderView("campaign", v.Lang, v)
	return subject, html, text, err
}

// Stock is what a back-in-stock e-mail says: the product and either the
// link that confirms the request or the product's page.
type Stock struct {
	Language    string
	ProductName string
	ConfirmURL  string
	ProductURL  string
}

type stockView struct {
	Lang  string
	T     map[string]string
	Shop  Identity
	Stock Stock
}

// RenderBackInStock writes the confirmation request (kind
// BackInStockConfirm) or the alert (BackInStockAlert) in its language.
func RenderBackInStock(kind Kind, s Stock, shop Identity) (subject, html, text string, err error) {
	v := stockView{Lang: language(s.Language), Stock: s}
	v.T = texts[v.Lang]
	v.Shop = shop.in(v.Lang)
	if kind == BackInStockAlert {
		v.Stock.ConfirmURL = ""
	}
	subject = strings.NewReplacer("{shop}", shop.Name, "{product}", s.ProductName).Replace(v.T["subject."+string(kind)])
	html, text, err = renderView("stock", v.Lang, v)
	return subject, html, text, err
}

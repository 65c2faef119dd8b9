package mail

import (
	"strings"
	"time"
)

// The e-mails to the shop's owner about the API (issue 39): a webhook
// endpoint disabled after a day of failures, an API key about to expire.
const (
	WebhookDisabled Kind = "webhook_disabled"
	APIKeyExpiring  Kind = "api_key_expiring"
)

// OwnerAlert is what an alert to the owner says. Webhook or Key is set,
// by its kind; Link is the back office page to act on it.
type OwnerAlert struct {
	Webhook *WebhookAlert
	Key     *KeyAlert
	Link    string
}

// WebhookAlert is an endpoint disabled after Failures failed tries since
// FailingSince.
type WebhookAlert struct {
	URL          string
	Failures     int32
	FailingSince time.Time
	DisabledAt   time.Time
}

// KeyAlert is an API key expiring at ExpiresAt.
type KeyAlert struct {
	Name, Prefix string
	ExpiresAt    time.Time
}

// ownerView is what the owner templates see.
type ownerView struct {
	Lang  string
	T     map[string]string
	Shop  Identity
	Alert OwnerAlert
}

// RenderOwnerAlert writes an alert to the owner, in Spanish, the back
// office's first language.
func RenderOwnerAlert(a OwnerAlert, shop Identity) (subject, html, text string, err error) {
	v := ownerView{Lang: "es", T: texts["es"], Shop: shop, Alert: a}
	subject = v.T["subject.api_key_expiring"]
	name := ""
	if a.Webhook != nil {
		subject, name = v.T["subject.webhook_disabled"], a.Webhook.URL
	} else if a.Key != nil {
		name = a.Key.Name
	}
	subject = strings.NewReplacer("{shop}", shop.Name, "{name}", name).Replace(subject)
	html, text, err = renderView("owner", v.Lang, v)
	return subject, html, text, err
}

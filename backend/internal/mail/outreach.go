package mail

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The e-mails outside orders: the newsletter's confirmation request and a
// contact page message sent on to the shop.
const (
	NewsletterConfirm Kind = "newsletter_confirm"
	ContactMessage    Kind = "contact_message"
	// CartReminder reminds a shopper who consented to commercial e-mail of
	// a cart left idle, once per cart (cart.RemindAbandoned).
	CartReminder Kind = "cart_reminder"
)

// Cart is what a cart reminder says: the cart's lines, the link back to
// it and the unsubscribe link of the subscription that consented.
type Cart struct {
	Language                string
	Lines                   []CartLine
	CartURL, UnsubscribeURL string
}

// CartLine is one line of a reminded cart, named in the e-mail's language.
type CartLine struct {
	Name     string
	Quantity int32
}

// RenderCartReminder writes a cart's reminder in its language (Spanish
// when neither es nor pt).
func RenderCartReminder(c Cart, shop Identity) (subject, html, text string, err error) {
	lang := language(c.Language)
	v := struct {
		Lang string
		T    map[string]string
		Shop Identity
		Cart Cart
	}{lang, texts[lang], shop.in(lang), c}
	subject = strings.ReplaceAll(v.T["subject.cart_reminder"], "{shop}", shop.Name)
	html, text, err = renderView("cart_reminder", lang, v)
	return subject, html, text, err
}

// Newsletter is what the confirmation request says: the link that confirms,
// and the unsubscribe link every newsletter e-mail carries.
type Newsletter struct {
	Language                   string
	ConfirmURL, UnsubscribeURL string
}

// Contact is a message from the contact page.
type Contact struct {
	ID                                   int64
	Name, Email, Phone, Subject, Message string
	Language                             string
	SentAt                               time.Time
}

// outreachView is what the newsletter and contact templates see.
type outreachView struct {
	Lang       string
	T          map[string]string
	Shop       Identity
	Newsletter Newsletter
	Contact    Contact
}

// RenderNewsletterConfirm writes the e-mail asking to confirm a newsletter
// subscription, in its language (Spanish when neither es nor pt).
func RenderNewsletterConfirm(n Newsletter, shop Identity) (subject, html, text string, err error) {
	v := outreachView{Lang: language(n.Language), Shop: shop, Newsletter: n}
	v.T = texts[v.Lang]
	subject = strings.ReplaceAll(v.T["subject.newsletter_confirm"], "{shop}", shop.Name)
	html, text, err = renderOutreach("newsletter", v)
	return subject, html, text, err
}

// RenderContactMessage writes a contact page message for the shop, in
// Spanish, the shop's language, whatever the sender wrote in.
func RenderContactMessage(c Contact, shop Identity) (subject, html, text string, err error) {
	v := outreachView{Lang: "es", T: texts["es"], Shop: shop, Contact: c}
	subject = strings.NewReplacer("{id}", strconv.FormatInt(c.ID, 10), "{subject}", v.T["contact.subject."+c.Subject]).
		Replace(v.T["subject.contact_message"])
	html, text, err = renderOutreach("contact", v)
	return subject, html, text, err
}

func language(lang string) string {
	if _, ok := texts[lang]; ok {
		return lang
	}
	return "es"
}

func renderOutreach(name string, v outreachView) (html, text string, err error) {
	return renderView(name, v.Lang, v)
}

// renderView renders templates name.html.tmpl and name.txt.tmpl of lang
// with v.
func renderView(name, lang string, v any) (html, text string, err error) {
	var h, x bytes.Buffer
	set := templates[lang]
	if err := set.html.ExecuteTemplate(&h, name+".html.tmpl", v); err != nil {
		return "", "", fmt.Errorf("mail: render %s html: %w", name, err)
	}
	if err := set.text.ExecuteTemplate(&x, name+".txt.tmpl", v); err != nil {
		return "", "", fmt.Errorf("mail: render %s text: %w", name, err)
	}
	return h.String(), x.String(), nil
}

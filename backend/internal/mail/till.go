package mail

import "strings"

// TillTicket is a till sale's ticket e-mailed to the customer (issue 35):
// a short note in the ticket's language with the ticket's PDF attached.
const TillTicket Kind = "till_ticket"

// tillView is what the till ticket templates see.
type tillView struct {
	Lang  string
	T     map[string]string
	Shop  Identity
	Intro string
}

// RenderTillTicket writes the note carrying ticket number (its invoice's
// series and number) in language ("es" or "pt"); the PDF rides as an
// attachment of the Message.
func RenderTillTicket(number, language string, shop Identity) (subject, html, text string, err error) {
	if language != "pt" {
		language = "es"
	}
	v := tillView{Lang: language, T: texts[language], Shop: shop.in(language)}
	r := strings.NewReplacer("{shop}", shop.Name, "{number}", number)
	v.Intro = r.Replace(v.T["till.intro"])
	html, text, err = renderView("till_ticket", language, v)
	return r.Replace(v.T["subject.till_ticket"]), html, text, err
}

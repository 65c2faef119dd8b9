package shop

// localNote is a timeline note in the order's language (orders.language:
// the shopper reads it on the order page, the desk beside it): pt for a
// Portuguese order, es otherwise.
func localNote(language, es, pt string) string {
	if language == "pt" {
		return pt
	}
	return es
}

// Package foodinfo holds the rules of the food information EU Regulation
// 1169/2011 (art. 9 and 14) asks a distance seller to show before purchase,
// as plain functions: the 14 Annex II allergens, their emphasis inside the
// ingredient text, and the unit price of RD 3423/2000. It knows neither the
// database nor the API.
package foodinfo

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Allergen is one of the 14 substances of Annex II, by the code stored in
// the database (product_food_info.contains, may_contain).
type Allergen string

// The Annex II allergens, in the Annex's order.
const (
	Gluten      Allergen = "gluten"
	Crustaceans Allergen = "crustaceans"
	Eggs        Allergen = "eggs"
	Fish        Allergen = "fish"
	Peanuts     Allergen = "peanuts"
	Soybeans    Allergen = "soybeans"
	Milk        Allergen = "milk"
	Nuts        Allergen = "nuts"
	Celery      Allergen = "celery"
	Mustard     Allergen = "mustard"
	Sesame      Allergen = "sesame"
	Sulphites   Allergen = "sulphites"
	Lupin       Allergen = "lupin"
	Molluscs    Allergen = "molluscs"
)

// Allergens lists the 14 allergens in the Annex's order.
var Allergens = []Allergen{Gluten, Crustaceans, Eggs, Fish, Peanuts, Soybeans, Milk, Nuts,
	Celery, Mustard, Sesame, Sulphites, Lupin, Molluscs}

// keywords are the words, accent-free and lower-case, by which an emphasised
// span of Spanish or Portuguese ingredient text names each allergen. A span
// names an allergen when one of its words starts with one of these (so
// "huevos" and "ovos" match "huevo" and "ovo").
var keywords = map[Allergen][]string{
	Gluten: {"gluten", "trigo", "cebada", "centeno", "avena", "espelta", "kamut", "cevada", "centeio",
		"aveia", "semola", "semolina", "malta", "malte"},
	Crustaceans: {"crustaceo", "gamba", "langostino", "cangrejo", "bogavante", "camarao", "camaroes",
		"caranguejo", "lagosta", "marisco"},
	Eggs:     {"huevo", "ovo", "clara", "yema", "gema", "albumina"},
	Fish:     {"pescado", "peixe", "bacalao", "bacalhau", "atun", "atum", "anchoa", "anchova", "merluza", "pescada"},
	Peanuts:  {"cacahuete", "mani", "amendoim", "amendoins"},
	Soybeans: {"soja"},
	Milk: {"leche", "lacteo", "lactosa", "queso", "nata", "mantequilla", "suero", "caseina", "leite",
		"lacteos", "queijo", "manteiga", "soro", "requeijao"},
	Nuts: {"almendra", "avellana", "nuez", "nueces", "anacardo", "pistacho", "macadamia", "pacana",
		"amendoa", "avela", "noz", "nozes", "caju", "castanha", "pistache", "fruto de cascara", "frutos de cascara",
		"frutos secos"},
	Celery:    {"apio", "aipo"},
	Mustard:   {"mostaza", "mostarda"},
	Sesame:    {"sesamo", "ajonjoli", "gergelim"},
	Sulphites: {"sulfito", "anhidrido sulfuroso", "dioxido de azufre", "dioxido de enxofre", "metabissulfito", "metabisulfito"},
	Lupin:     {"altramuz", "altramuces", "tremoco", "tremocos", "lupino"},
	Molluscs:  {"molusco", "mejillon", "almeja", "calamar", "pulpo", "sepia", "mexilhao", "ameijoa", "lula", "polvo", "choco"},
}

// Stored is codes as the text[] the database stores, in Annex order, so
// the same set is always stored the same way.
func Stored(codes []Allergen) []string {
	out := []string{}
	for _, a := range Allergens {
		if slices.Contains(codes, a) {
			out = append(out, string(a))
		}
	}
	return out
}

// Valid reports whether a is one of the 14 allergens.
func Valid(a Allergen) bool { return slices.Contains(Allergens, a) }

// Emphasis marks an allergen in ingredient text: the words between a pair
// of double asterisks, as in "harina de **trigo**". The storefront renders
// them bold (art. 21: emphasised by a typeset that sets them apart).
const Emphasis = "**"

// Span is one part of ingredient text, emphasised or not.
type Span struct {
	Text       string
	Emphasised bool
}

// Split cuts ingredient text into its plain and emphasised spans. ok is
// false when an emphasis is opened and never closed, or closed empty.
func Split(text string) (spans []Span, ok bool) {
	parts := strings.Split(text, Emphasis)
	if len(parts)%2 == 0 {
		return nil, false
	}
	for i, p := range parts {
		emph := i%2 == 1
		if emph && strings.TrimSpace(p) == "" {
			return nil, false
		}
		if p != "" {
			spans = append(spans, Span{Text: p, Emphasised: emph})
		}
	}
	return spans, true
}

// Fold lower-cases s and removes its accents, as the database's
// search_normalize does, so "Maní" and "mani" compare equal.
func Fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// Named returns the allergens an emphasised span names, in Annex order.
func Named(span string) []Allergen {
	folded := " " + strings.Join(strings.FieldsFunc(Fold(span), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
	var out []Allergen
	for _, a := range Allergens {
		for _, k := range keywords[a] {
			if strings.Contains(folded, " "+k) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// Problem is why ingredient text and the "contains" flags disagree. The
// reasons are the API's (ErrorInfo) so the back office can word them.
type Problem struct {
	// Reason is EMPHASIS_UNBALANCED, EMPHASIS_NAMES_NO_ALLERGEN,
	// ALLERGEN_NOT_EMPHASISED or ALLERGEN_NOT_FLAGGED.
	Reason string
	// Allergen is the allergen at fault, when there is one.
	Allergen Allergen
	// Text is the emphasised span at fault, when there is one.
	Text string
}

// Check compares ingredient text with the allergens flagged as contained:
// every flagged allergen must be emphasised somewhere in the text, and every
// emphasised span must name an allergen that is flagged. Empty text checks
// nothing (a language without its own text falls back to the other).
// Problems come in a stable order: the text's spans first, then the flags.
func Check(text string, contains []Allergen) []Problem {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	spans, ok := Split(text)
	if !ok {
		return []Problem{{Reason: "EMPHASIS_UNBALANCED"}}
	}
	var problems []Problem
	marked := map[Allergen]bool{}
	for _, s := range spans {
		if !s.Emphasised {
			continue
		}
		named := Named(s.Text)
		if len(named) == 0 {
			problems = append(problems, Problem{Reason: "EMPHASIS_NAMES_NO_ALLERGEN", Text: s.Text})
			continue
		}
		flagged := false
		for _, a := range named {
			marked[a] = true
			flagged = flagged || slices.Contains(contains, a)
		}
		if !flagged {
			problems = append(problems, Problem{Reason: "ALLERGEN_NOT_FLAGGED", Allergen: named[0], Text: s.Text})
		}
	}
	for _, a := range Allergens {
		if slices.Contains(contains, a) && !marked[a] {
			problems = append(problems, Problem{Reason: "ALLERGEN_NOT_EMPHASISED", Allergen: a})
		}
	}
	return problems
}

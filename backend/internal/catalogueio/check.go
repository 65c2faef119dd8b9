package catalogueio

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productform"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// MaxListedProblems bounds the problems a report lists; the count says how
// many there were.
const MaxListedProblems = 1000

// Plan is a checked file: its rows ready to write when it has no problems.
type Plan struct {
	Rows     []Row
	Problems []Problem
	Creates  int
	Updates  int
}

// Row is one product of the file, checked.
type Row struct {
	Line    int
	Details productform.Details
	Stock   int32
	// NamePt … AgeRestricted are the content the form's ProductContent holds.
	NamePt, DescriptionPt                              string
	IsFood, Frozen, Perishable, SealedHygiene, AgeRest bool
	// Food is the food information to store; nil for none.
	Food *db.UpsertFoodInfoParams
	// ID is the product the row updates; 0 for a new one.
	ID int64
	// OldPriceCents is the product's price before the import.
	OldPriceCents int64
	// ImageURL is the picture to store: an upload stays, a generated
	// picture follows the name and category.
	ImageURL string
}

// checkChunk is how many rows a checking goroutine takes at a time.
const checkChunk = 1000

// Progress is told how many of total rows are checked, now and then, from
// any goroutine.
type Progress func(done, total int)

// Check reads file (a CSV file, UTF-8 with or without a byte order mark)
// as a stream and checks every row with the product form's rules: the contract's
// protovalidate rules on ProductDetails and ProductContent, then
// productform's; then codes repeated in the file, and codes another
// product of the shop holds. lock locks the products the file names, for
// an import about to write them. Check writes nothing.
func Check(ctx context.Context, q *db.Queries, file io.Reader, lock bool, progress Progress) (*Plan, error) {
	records, problems, err := readRecords(file)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Problems: problems}
	if len(problems) > 0 && len(records) == 0 {
		return plan, nil
	}
	slugs, err := q.CatalogueCountrySlugs(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogueio: read countries: %w", err)
	}
	countries := map[string]bool{}
	for _, s := range slugs {
		countries[s] = true
	}
	countryExists := func(slug string) (bool, error) { return countries[slug], nil }
	// Rows are independent: they are checked on every core, in chunks, and
	// gathered in line order.
	rows, ok := make([]Row, len(records)), make([]bool, len(records))
	var done atomic.Int64
	var wg sync.WaitGroup
	next := atomic.Int64{}
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				from := int(next.Add(checkChunk)) - checkChunk
				if from >= len(records) {
					return
				}
				for i := from; i < min(from+checkChunk, len(records)); i++ {
					rows[i], ok[i] = checkRecord(&records[i], countryExists)
					// The row holds what it needs: the line's text goes as
					// the check moves on, not when the whole file is done.
					records[i].fields = nil
				}
				if n := done.Add(int64(min(checkChunk, len(records)-from))); progress != nil {
					progress(int(n), len(records))
				}
			}
		})
	}
	wg.Wait()
	for i := range records {
		plan.Problems = append(plan.Problems, records[i].problems...)
		if ok[i] {
			plan.Rows = append(plan.Rows, rows[i])
		}
	}
	if err := plan.checkCodes(ctx, q, lock); err != nil {
		return nil, err
	}
	slices.SortStableFunc(plan.Problems, func(a, b Problem) int { return a.Line - b.Line })
	return plan, nil
}

// HeaderProblems reads only file's header: a file that is not the
// catalogue's at all is refused before it is queued.
func HeaderProblems(file io.Reader) ([]Problem, error) {
	_, _, problems, err := readHeader(file)
	return problems, err
}

// bom is the UTF-8 byte order mark a spreadsheet may start a file with.
const bom = "\uFEFF"

// readHeader opens file (past its byte order mark) and reads the header
// into each column's index. err is reading's failure, not the file's.
func readHeader(file io.Reader) (*csv.Reader, map[string]int, []Problem, error) {
	buffered := bufio.NewReader(file)
	if start, err := buffered.Peek(len(bom)); string(start) == bom {
		_, _ = buffered.Discard(len(bom))
	} else if err != nil && !errors.Is(err, io.EOF) {
		return nil, nil, nil, fmt.Errorf("catalogueio: read the file: %w", err)
	}
	rd := csv.NewReader(buffered)
	rd.FieldsPerRecord = -1
	header, err := rd.Read()
	var pe *csv.ParseError
	if err != nil && !errors.As(err, &pe) && !errors.Is(err, io.EOF) {
		return nil, nil, nil, fmt.Errorf("catalogueio: read the file: %w", err)
	}
	if err != nil {
		return nil, nil, []Problem{{Line: 1, Reason: "CSV_MALFORMED", Message: "the file has no header line: " + csvError(err)}}, nil
	}
	index := map[string]int{}
	var problems []Problem
	for i, name := range header {
		name = strings.ToLower(strings.TrimSpace(name))
		if _, dup := index[name]; dup {
			problems = append(problems, Problem{Line: 1, Column: name, Reason: "DUPLICATE_COLUMN",
				Message: fmt.Sprintf("%q appears twice", name)})
			continue
		}
		if !slices.Contains(Columns, name) {
			problems = append(problems, Problem{Line: 1, Column: name, Reason: "UNKNOWN_COLUMN",
				Message: fmt.Sprintf("%q is not a column of the catalogue", name)})
		}
		index[name] = i
	}
	for _, c := range Required {
		if _, ok := index[c]; !ok {
			problems = append(problems, Problem{Line: 1, Column: c, Reason: "MISSING_COLUMN",
				Message: fmt.Sprintf("the column %q is missing", c)})
		}
	}
	return rd, index, problems, nil
}

// readRecords reads the header and the lines; a broken file or header is
// a problem of line 0 or 1.
func readRecords(file io.Reader) ([]record, []Problem, error) {
	rd, index, problems, err := readHeader(file)
	if err != nil || len(problems) > 0 {
		return nil, problems, err
	}
	width := len(index)
	var records []record
	for {
		fields, err := rd.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			problem, ok := parseProblem(err)
			if !ok {
				return nil, nil, fmt.Errorf("catalogueio: read the file: %w", err)
			}
			return records, append(problems, problem), nil
		}
		line, _ := rd.FieldPos(0)
		if len(fields) == 1 && strings.TrimSpace(fields[0]) == "" {
			continue
		}
		if len(fields) != width {
			problems = append(problems, Problem{Line: line, Reason: "FIELD_COUNT",
				Message: fmt.Sprintf("%d fields where the header has %d", len(fields), width)})
			continue
		}
		records = append(records, record{line: line, fields: fields, index: index})
	}
	if len(records) == 0 && len(problems) == 0 {
		problems = append(problems, Problem{Line: 2, Reason: "NO_ROWS", Message: "the file has no product rows"})
	}
	return records, problems, nil
}

// parseProblem names where a line breaks the CSV format: the line the
// broken record starts on (an unterminated quote is only noticed lines
// later), and the line and character where the reader gave up.
// ok is false for a failure to read the file, which is no fault of its
// own.
func parseProblem(err error) (problem Problem, ok bool) {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return Problem{}, false
	}
	reason := "CSV_MALFORMED"
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		reason = "CSV_BARE_QUOTE"
	case errors.Is(pe.Err, csv.ErrQuote):
		reason = "CSV_QUOTE"
	}
	return Problem{Line: pe.StartLine, Reason: reason,
		Message:  fmt.Sprintf("line %d, character %d: %s", pe.Line, pe.Column, pe.Err),
		Metadata: map[string]string{"error_line": strconv.Itoa(pe.Line), "position": strconv.Itoa(pe.Column)}}, true
}

func csvError(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// checkRecord checks one line with the form's rules; ok is false when it
// has problems (recorded on r).
func checkRecord(r *record, countryExists productform.CountryExists) (Row, bool) {
	details, content, stock := r.messages()
	r.violations("details.", details)
	r.violations("content.", content)
	if len(r.problems) > 0 {
		return Row{}, false
	}
	d, err := productform.CheckDetails(details, countryExists)
	if err != nil {
		r.formProblem(err)
		return Row{}, false
	}
	food, err := productform.FoodParams(content)
	if err != nil {
		r.formProblem(err)
		return Row{}, false
	}
	flags := content.GetFlags()
	return Row{
		Line: r.line, Details: d, Stock: stock, NamePt: strings.TrimSpace(content.GetNamePt()),
		DescriptionPt: strings.TrimSpace(content.GetDescriptionPt()), IsFood: content.GetIsFood(),
		Frozen: flags.GetFrozen(), Perishable: flags.GetPerishable(), SealedHygiene: flags.GetSealedHygiene(),
		AgeRest: flags.GetAgeRestricted(), Food: food,
	}, true
}

// violations records msg's breaches of the contract's rules, the same
// protovalidate checks the API runs on the form's requests.
func (r *record) violations(prefix string, msg proto.Message) {
	err := protovalidate.Validate(msg)
	var ve *protovalidate.ValidationError
	if !errors.As(err, &ve) {
		if err != nil {
			r.problems = append(r.problems, Problem{Line: r.line, Reason: "INVALID_VALUE", Message: err.Error()})
		}
		return
	}
	seen := map[string]bool{}
	for _, v := range ve.Violations {
		field := prefix + protovalidate.FieldPathString(v.Proto.GetField())
		column := columnOf(field)
		if column == "" && strings.HasPrefix(field, "content.product_id") {
			continue
		}
		if seen[column] || slices.ContainsFunc(r.problems, func(p Problem) bool { return p.Column == column && column != "" }) {
			continue
		}
		seen[column] = true
		r.problems = append(r.problems, Problem{Line: r.line, Column: column, Reason: "INVALID_VALUE",
			Message:  column + ": " + v.Proto.GetMessage(),
			Metadata: map[string]string{"rule": v.Proto.GetRuleId()}})
	}
}

// formProblem records a broken productform rule at its column.
func (r *record) formProblem(err error) {
	var fe *productform.FieldError
	if !errors.As(err, &fe) {
		r.problems = append(r.problems, Problem{Line: r.line, Reason: "INVALID_VALUE", Message: err.Error()})
		return
	}
	column := columnOf(fe.Field)
	r.problems = append(r.problems, Problem{Line: r.line, Column: column, Reason: fe.Reason,
		Message: strings.TrimPrefix(column+": ", ": ") + fe.Detail, Metadata: fe.Meta})
}

// checkCodes refuses a SKU, code or barcode repeated in the file, and a
// code or barcode another product of the shop holds; it links the rows of
// existing SKUs to their product.
func (p *Plan) checkCodes(ctx context.Context, q *db.Queries, lock bool) error {
	type first struct{ sku, code, ean map[string]int }
	seen := first{map[string]int{}, map[string]int{}, map[string]int{}}
	skus, codes, eans := make([]string, 0, len(p.Rows)), make([]string, 0, len(p.Rows)), []string{}
	kept := p.Rows[:0]
	for _, r := range p.Rows {
		ok := true
		for _, c := range []struct {
			column, value, reason string
			in                    map[string]int
		}{
			{"sku", r.Details.SKU, "DUPLICATE_SKU", seen.sku},
			{"code", r.Details.Code, "DUPLICATE_CODE", seen.code},
			{"ean", r.Details.EAN, "DUPLICATE_EAN", seen.ean},
		} {
			if c.value == "" {
				continue
			}
			if line, dup := c.in[c.value]; dup {
				p.Problems = append(p.Problems, Problem{Line: r.Line, Column: c.column, Reason: c.reason,
					Message:  fmt.Sprintf("%s: %q is already on line %d", c.column, c.value, line),
					Metadata: map[string]string{"line": fmt.Sprint(line)}})
				ok = false
				continue
			}
			c.in[c.value] = r.Line
		}
		if ok {
			kept = append(kept, r)
			skus, codes = append(skus, r.Details.SKU), append(codes, r.Details.Code)
			if r.Details.EAN != "" {
				eans = append(eans, r.Details.EAN)
			}
		}
	}
	p.Rows = kept
	type holder struct {
		id                    int64
		sku, code, ean, image string
		price                 int64
	}
	var holders []holder
	if lock {
		rows, err := q.LockCatalogueProductsByCodes(ctx, db.LockCatalogueProductsByCodesParams{Skus: skus, Codes: codes, Eans: eans})
		if err != nil {
			return fmt.Errorf("catalogueio: lock the file's products: %w", err)
		}
		for _, h := range rows {
			holders = append(holders, holder{h.ID, h.SKU, h.Code, h.Ean, h.ImageURL, h.PriceCents})
		}
	} else {
		rows, err := q.CatalogueProductsByCodes(ctx, db.CatalogueProductsByCodesParams{Skus: skus, Codes: codes, Eans: eans})
		if err != nil {
			return fmt.Errorf("catalogueio: read the file's products: %w", err)
		}
		for _, h := range rows {
			holders = append(holders, holder{h.ID, h.SKU, h.Code, h.Ean, h.ImageURL, h.PriceCents})
		}
	}
	bySKU, byCode, byEAN := map[string]holder{}, map[string]holder{}, map[string]holder{}
	for _, h := range holders {
		bySKU[h.sku], byCode[h.code] = h, h
		if h.ean != "" {
			byEAN[h.ean] = h
		}
	}
	kept = p.Rows[:0]
	for _, r := range p.Rows {
		ok := true
		for _, c := range []struct {
			column, value, reason string
			in                    map[string]holder
		}{
			{"code", r.Details.Code, "PRODUCT_CODE_TAKEN", byCode},
			{"ean", r.Details.EAN, "PRODUCT_EAN_TAKEN", byEAN},
		} {
			if h, taken := c.in[c.value]; taken && c.value != "" && h.sku != r.Details.SKU {
				p.Problems = append(p.Problems, Problem{Line: r.Line, Column: c.column, Reason: c.reason,
					Message:  fmt.Sprintf("%s: product %s has it", c.column, h.sku),
					Metadata: map[string]string{"sku": h.sku}})
				ok = false
			}
		}
		if !ok {
			continue
		}
		r.ImageURL = productimage.ProductURL(r.Details.Category, r.Details.Name)
		if h, exists := bySKU[r.Details.SKU]; exists {
			r.ID, r.OldPriceCents = h.id, h.price
			if !productimage.IsGenerated(h.image) {
				r.ImageURL = h.image
			}
			p.Updates++
		} else {
			p.Creates++
		}
		kept = append(kept, r)
	}
	p.Rows = kept
	return nil
}

package catalogueio

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// MaxListedProblems bounds the problems a report lists; the count says how
// many there were.
const MaxListedProblems = 1000

// Plan is a checked file: what its report says. Its rows are not kept: a
// dry run counts them, an import writes them a batch at a time as they
// are checked.
type Plan struct {
	// Rows counts the file's product lines, those with problems included.
	Rows int
	// Problems are the file's first MaxListedProblems problems in line
	// order; ProblemCount counts them all.
	Problems     []Problem
	ProblemCount int
	Creates      int
	Updates      int
	// lastLine is the line of the last problem added: a line with several
	// problems is one row.
	lastLine int
}

// add records problems, which come in line order.
func (p *Plan) add(problems []Problem) {
	for _, pr := range problems {
		p.ProblemCount++
		if len(p.Problems) < MaxListedProblems {
			p.Problems = append(p.Problems, pr)
		}
		if pr.Line > 1 && pr.Line != p.lastLine {
			p.Rows, p.lastLine = p.Rows+1, pr.Line
		}
	}
}

// Row is one product of the file, checked.
type Row struct {
	Line    int
	Details catalogue.Details
	Stock   int32
	// NamePt … AgeRestricted are the content the form's ProductContent holds.
	NamePt, DescriptionPt                              string
	IsFood, Frozen, Perishable, SealedHygiene, AgeRest bool
	// Food is the food information to store; nil for none.
	Food *db.UpsertFoodInfoParams
	// Safety is the safety information to store; nil for none, which
	// erases the product's only when SafetyColumns says the file has the
	// columns.
	Safety        *db.UpsertProductSafetyParams
	SafetyColumns bool
	// ID is the product the row updates; 0 for a new one.
	ID int64
	// OldPriceCents is the product's price before the import.
	OldPriceCents int64
	// ImageURL is the picture to store: an upload stays, a generated
	// picture follows the name and category.
	ImageURL string
}

// batchRows is how many lines are read, checked and handed on at a time:
// memory holds a batch of the file, never the whole of it (issue 29: an
// 80 MB file held whole took shopd past 300 MB).
const batchRows = 2048

// checkChunk is how many rows of a batch a checking goroutine takes at a
// time.
const checkChunk = 128

// Check reads file (a CSV file, UTF-8 with or without a byte order mark)
// as a stream and checks every row with the product form's rules: the
// contract's rules on ProductDetails and ProductContent (contract.go),
// then the catalogue's; then codes repeated in the file, and codes another
// product of the shop holds. Check writes nothing.
func Check(ctx context.Context, q *db.Queries, file io.Reader) (*Plan, error) {
	return check(ctx, q, file, false, nil, nil)
}

// check is Check a batch at a time. lock locks the products each batch
// names, for an import about to write them. progress, when not nil, is
// told after each batch how many bytes of file are read. keep, when not
// nil, is given each batch's checked rows in line order as long as the
// file has shown no problem: an import writes them as they come, and its
// transaction undoes them if a later line has problems.
func check(ctx context.Context, q *db.Queries, file io.Reader, lock bool, progress func(read int64), keep func([]Row) error) (*Plan, error) {
	counted := &countingReader{r: file}
	lr, problems, err := readHeader(counted)
	plan := &Plan{}
	if err != nil || len(problems) > 0 {
		plan.add(problems)
		return plan, err
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
	seen := firstLines{sku: map[string]int{}, code: map[string]int{}, ean: map[string]int{}}
	for {
		records, problems, err := lr.next(batchRows)
		if err != nil {
			return nil, err
		}
		if len(records) == 0 && len(problems) == 0 {
			break
		}
		rows := checkRecords(records, countryExists)
		for i := range records {
			problems = append(problems, records[i].problems...)
		}
		rows, problems = seen.repeated(rows, problems)
		if rows, problems, err = plan.checkShop(ctx, q, lock, rows, problems); err != nil {
			return nil, err
		}
		// A line's problems come from one of the checks above; in line
		// order, the batch's follow the previous batch's.
		slices.SortStableFunc(problems, func(a, b Problem) int { return a.Line - b.Line })
		plan.add(problems)
		plan.Rows += len(rows)
		if keep != nil && plan.ProblemCount == 0 && len(rows) > 0 {
			if err := keep(rows); err != nil {
				return nil, err
			}
		}
		if progress != nil {
			progress(counted.n)
		}
	}
	if plan.Rows == 0 && plan.ProblemCount == 0 {
		plan.add([]Problem{{Line: 2, Reason: "NO_ROWS", Message: "the file has no product rows"}})
	}
	return plan, nil
}

// checkRecords checks a batch's records on every core, in chunks, and
// returns the rows without problems in line order; the others' problems
// are recorded on their record.
func checkRecords(records []record, countryExists catalogue.CountryExists) []Row {
	rows, ok := make([]Row, len(records)), make([]bool, len(records))
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
				}
			}
		})
	}
	wg.Wait()
	kept := rows[:0]
	for i := range rows {
		if ok[i] {
			kept = append(kept, rows[i])
		}
	}
	return kept
}

// countingReader counts the bytes read through it, for progress.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// HeaderProblems reads only file's header: a file that is not the
// catalogue's at all is refused before it is queued.
func HeaderProblems(file io.Reader) ([]Problem, error) {
	_, problems, err := readHeader(file)
	return problems, err
}

// bom is the UTF-8 byte order mark a spreadsheet may start a file with.
const bom = "\uFEFF"

// headerPeek is how much of a file Separator reads: the header line of
// every column, with room to spare.
const headerPeek = 64 << 10

// Separator is the field separator of a file starting with start (its
// header line): a semicolon when the header has more semicolons than
// commas outside quotes, as a spreadsheet set to Spanish saves "CSV"
// (the comma being its decimal mark), else a comma. No column name holds
// either, so the header tells them apart.
func Separator(start []byte) rune {
	commas, semicolons, quoted := 0, 0, false
	for _, c := range start {
		switch {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '\n':
			return pick(commas, semicolons)
		case c == ',':
			commas++
		case c == ';':
			semicolons++
		}
	}
	return pick(commas, semicolons)
}

func pick(commas, semicolons int) rune {
	if semicolons > commas {
		return ';'
	}
	return ','
}

// readHeader opens file (past its byte order mark) and reads the header;
// its lines follow. err is reading's failure, not the file's.
func readHeader(file io.Reader) (*lines, []Problem, error) {
	buffered := bufio.NewReaderSize(file, headerPeek)
	if start, err := buffered.Peek(len(bom)); string(start) == bom {
		_, _ = buffered.Discard(len(bom))
	} else if err != nil && !errors.Is(err, io.EOF) {
		return nil, nil, fmt.Errorf("catalogueio: read the file: %w", err)
	}
	// What a short file or a long header holds is all there is to peek at:
	// Peek's error says only that, and reading reports any other.
	start, _ := buffered.Peek(headerPeek)
	rd := csv.NewReader(buffered)
	rd.Comma = Separator(start)
	rd.FieldsPerRecord = -1
	header, err := rd.Read()
	var pe *csv.ParseError
	if err != nil && !errors.As(err, &pe) && !errors.Is(err, io.EOF) {
		return nil, nil, fmt.Errorf("catalogueio: read the file: %w", err)
	}
	if err != nil {
		return nil, []Problem{{Line: 1, Reason: "CSV_MALFORMED", Message: "the file has no header line: " + csvError(err)}}, nil
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
	return &lines{rd: rd, index: index}, problems, nil
}

// lines reads a file's product lines, after its header, a batch at a time.
type lines struct {
	rd    *csv.Reader
	index map[string]int
	ended bool
}

// next reads up to n lines: the records with the header's width, and the
// problems of the others. A line that breaks the CSV format is a problem
// and the file's end: the reader cannot tell where the next line starts.
// Neither records nor problems: the file is over. err is reading's
// failure, not the file's.
func (l *lines) next(n int) ([]record, []Problem, error) {
	var records []record
	var problems []Problem
	for !l.ended && len(records)+len(problems) < n {
		fields, err := l.rd.Read()
		if errors.Is(err, io.EOF) {
			l.ended = true
			break
		}
		if err != nil {
			problem, ok := parseProblem(err)
			if !ok {
				return nil, nil, fmt.Errorf("catalogueio: read the file: %w", err)
			}
			l.ended = true
			problems = append(problems, problem)
			break
		}
		line, _ := l.rd.FieldPos(0)
		if len(fields) == 1 && strings.TrimSpace(fields[0]) == "" {
			continue
		}
		if len(fields) != len(l.index) {
			problems = append(problems, Problem{Line: line, Reason: "FIELD_COUNT",
				Message: fmt.Sprintf("%d fields where the header has %d", len(fields), len(l.index))})
			continue
		}
		records = append(records, record{line: line, fields: fields, index: l.index})
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
func checkRecord(r *record, countryExists catalogue.CountryExists) (Row, bool) {
	details, content, stock := r.form()
	r.violations(contractBreaches(details, content))
	if len(r.problems) > 0 {
		return Row{}, false
	}
	d, err := catalogue.CheckDetails(details, countryExists)
	if err != nil {
		r.formProblem(err)
		return Row{}, false
	}
	food, err := catalogue.FoodParams(content)
	if err != nil {
		r.formProblem(err)
		return Row{}, false
	}
	safety, err := catalogue.SafetyParams(content)
	if err != nil {
		r.formProblem(err)
		return Row{}, false
	}
	return Row{
		Line: r.line, Details: d, Stock: stock, NamePt: strings.TrimSpace(content.NamePt),
		DescriptionPt: strings.TrimSpace(content.DescriptionPt), IsFood: content.IsFood,
		Frozen: content.Flags.Frozen, Perishable: content.Flags.Perishable, SealedHygiene: content.Flags.SealedHygiene,
		AgeRest: content.Flags.AgeRestricted, Food: food, Safety: safety, SafetyColumns: r.hasColumns(safetyColumns),
	}, true
}

// violations records the row's breaches of the contract's rules, the
// first of each column, past the columns already refused while reading.
func (r *record) violations(b breaches) {
	seen := map[string]bool{}
	for _, v := range b {
		if seen[v.column] || slices.ContainsFunc(r.problems, func(p Problem) bool { return p.Column == v.column }) {
			continue
		}
		seen[v.column] = true
		meta := maps.Clone(v.meta)
		meta["rule"] = v.rule
		r.problems = append(r.problems, Problem{Line: r.line, Column: v.column, Reason: "INVALID_VALUE",
			Message: v.column + ": " + v.message, Metadata: meta})
	}
}

// formProblem records a broken catalogue rule at its column.
func (r *record) formProblem(err error) {
	var fe *catalogue.FieldError
	if !errors.As(err, &fe) {
		r.problems = append(r.problems, Problem{Line: r.line, Reason: "INVALID_VALUE", Message: err.Error()})
		return
	}
	column := columnOf(fe.Field)
	r.problems = append(r.problems, Problem{Line: r.line, Column: column, Reason: fe.Reason,
		Message: strings.TrimPrefix(column+": ", ": ") + fe.Detail, Metadata: fe.Meta})
}

// firstLines are the lines where the file's SKUs, codes and barcodes
// first appear: the one thing a check keeps for the whole file, a few
// dozen bytes a line (the values are copied, so they do not hold their
// line's text).
type firstLines struct{ sku, code, ean map[string]int }

// repeated refuses the rows whose SKU, code or barcode an earlier line of
// the file has.
func (f firstLines) repeated(rows []Row, problems []Problem) ([]Row, []Problem) {
	kept := rows[:0]
	for _, r := range rows {
		ok := true
		for _, c := range []struct {
			column, value, reason string
			in                    map[string]int
		}{
			{"sku", r.Details.SKU, "DUPLICATE_SKU", f.sku},
			{"code", r.Details.Code, "DUPLICATE_CODE", f.code},
			{"ean", r.Details.EAN, "DUPLICATE_EAN", f.ean},
		} {
			if c.value == "" {
				continue
			}
			if line, dup := c.in[c.value]; dup {
				problems = append(problems, Problem{Line: r.Line, Column: c.column, Reason: c.reason,
					Message:  fmt.Sprintf("%s: %q is already on line %d", c.column, c.value, line),
					Metadata: map[string]string{"line": fmt.Sprint(line)}})
				ok = false
				continue
			}
			c.in[strings.Clone(c.value)] = r.Line
		}
		if ok {
			kept = append(kept, r)
		}
	}
	return kept, problems
}

// checkShop refuses the rows whose code or barcode another product of the
// shop holds, and links the rows of existing SKUs to their product.
func (p *Plan) checkShop(ctx context.Context, q *db.Queries, lock bool, rows []Row, problems []Problem) ([]Row, []Problem, error) {
	if len(rows) == 0 {
		return rows, problems, nil
	}
	skus, codes, eans := make([]string, 0, len(rows)), make([]string, 0, len(rows)), []string{}
	for _, r := range rows {
		skus, codes = append(skus, r.Details.SKU), append(codes, r.Details.Code)
		if r.Details.EAN != "" {
			eans = append(eans, r.Details.EAN)
		}
	}
	type holder struct {
		id                    int64
		sku, code, ean, image string
		price                 int64
	}
	var holders []holder
	if lock {
		found, err := q.LockCatalogueProductsByCodes(ctx, db.LockCatalogueProductsByCodesParams{Skus: skus, Codes: codes, Eans: eans})
		if err != nil {
			return nil, nil, fmt.Errorf("catalogueio: lock the file's products: %w", err)
		}
		for _, h := range found {
			holders = append(holders, holder{h.ID, h.SKU, h.Code, h.Ean, h.ImageURL, h.PriceCents})
		}
	} else {
		found, err := q.CatalogueProductsByCodes(ctx, db.CatalogueProductsByCodesParams{Skus: skus, Codes: codes, Eans: eans})
		if err != nil {
			return nil, nil, fmt.Errorf("catalogueio: read the file's products: %w", err)
		}
		for _, h := range found {
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
	kept := rows[:0]
	for _, r := range rows {
		ok := true
		for _, c := range []struct {
			column, value, reason string
			in                    map[string]holder
		}{
			{"code", r.Details.Code, "PRODUCT_CODE_TAKEN", byCode},
			{"ean", r.Details.EAN, "PRODUCT_EAN_TAKEN", byEAN},
		} {
			if h, taken := c.in[c.value]; taken && c.value != "" && h.sku != r.Details.SKU {
				problems = append(problems, Problem{Line: r.Line, Column: c.column, Reason: c.reason,
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
	return kept, problems, nil
}

// namedProducts reads file's lines, without checking them, and returns
// the products they name by SKU, code or barcode, in id order, and how
// many lines it read. An import locks them in one statement in that order
// (LockCatalogueProducts), the order every writer of stock locks products
// in (LockProducts), so an import and a checkout queue instead of
// deadlocking; its check then finds each batch's products locked already,
// where locking them batch by batch would take them out of order.
func namedProducts(ctx context.Context, q *db.Queries, file io.Reader) ([]int64, int, error) {
	lr, problems, err := readHeader(file)
	if err != nil || len(problems) > 0 {
		return nil, 0, err
	}
	var ids []int64
	read := 0
	for {
		records, problems, err := lr.next(batchRows)
		if err != nil {
			return nil, 0, err
		}
		if len(records) == 0 && len(problems) == 0 {
			break
		}
		read += len(records) + len(problems)
		var skus, codes, eans []string
		for i := range records {
			for _, c := range []struct {
				column string
				to     *[]string
			}{{"sku", &skus}, {"code", &codes}, {"ean", &eans}} {
				if v := records[i].get(c.column); v != "" {
					*c.to = append(*c.to, v)
				}
			}
		}
		found, err := q.CatalogueProductsByCodes(ctx, db.CatalogueProductsByCodesParams{Skus: skus, Codes: codes, Eans: eans})
		if err != nil {
			return nil, 0, fmt.Errorf("catalogueio: find the file's products: %w", err)
		}
		for _, h := range found {
			ids = append(ids, h.ID)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids), read, nil
}

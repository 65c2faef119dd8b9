package invoice

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

// Record is one VeriFactu invoice record with its fields exactly as hashed
// and sent: a creation (alta) or a cancellation (anulación) record.
type Record struct {
	Cancellation bool
	IssuerNIF    string // IDEmisorFactura
	SeriesNumber string // NumSerieFactura
	IssueDate    string // FechaExpedicionFactura, dd-mm-yyyy
	InvoiceType  string // TipoFactura (alta only)
	VATTotal     string // CuotaTotal (alta only)
	Total        string // ImporteTotal (alta only)
	PreviousHash string // Huella of the record before; "" for the first
	GeneratedAt  string // FechaHoraHusoGenRegistro, RFC 3339 with the offset
}

// HashInput is the string the AEAT hashes for a record: its fields by name,
// in the order of the AEAT's specification, joined by &, with no escaping
// and no trimming beyond the values' own.
func (r Record) HashInput() string {
	var b strings.Builder
	if r.Cancellation {
		field(&b, "IDEmisorFacturaAnulada", r.IssuerNIF)
		field(&b, "NumSerieFacturaAnulada", r.SeriesNumber)
		field(&b, "FechaExpedicionFacturaAnulada", r.IssueDate)
	} else {
		field(&b, "IDEmisorFactura", r.IssuerNIF)
		field(&b, "NumSerieFactura", r.SeriesNumber)
		field(&b, "FechaExpedicionFactura", r.IssueDate)
		field(&b, "TipoFactura", r.InvoiceType)
		field(&b, "CuotaTotal", r.VATTotal)
		field(&b, "ImporteTotal", r.Total)
	}
	field(&b, "Huella", r.PreviousHash)
	field(&b, "FechaHoraHusoGenRegistro", r.GeneratedAt)
	return b.String()
}

func field(b *strings.Builder, name, value string) {
	if b.Len() > 0 {
		b.WriteByte('&')
	}
	b.WriteString(name)
	b.WriteByte('=')
	b.WriteString(strings.TrimSpace(value))
}

// Hash is the record's Huella: SHA-256 of HashInput in UTF-8, as 64
// uppercase hexadecimal digits.
func (r Record) Hash() string {
	sum := sha256.Sum256([]byte(r.HashInput()))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// Amount formats cents as the AEAT's decimal: a point and two decimals
// (12345 → "123.45", -5 → "-0.05").
func Amount(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	frac := strconv.FormatInt(cents%100, 10)
	if len(frac) == 1 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + frac
}

// AEATDate formats a date as the AEAT's dd-mm-yyyy, in Madrid.
func AEATDate(t time.Time) string { return t.In(shoptime.Madrid).Format("02-01-2006") }

// AEATTime formats a record's generation time with Madrid's offset.
func AEATTime(t time.Time) string { return t.In(shoptime.Madrid).Format("2006-01-02T15:04:05-07:00") }

// ChainBreak is one record whose stored hash is not what its fields and its
// predecessor give.
type ChainBreak struct {
	RecordID int64
	Problem  string // one of the Problem codes, which clients translate
}

// The problems a chain check reports.
const (
	// ProblemLink: the record's link (Huella anterior) is not the hash of
	// the record stored before it: a record was removed or inserted.
	ProblemLink = "LINK_MISMATCH"
	// ProblemHash: the stored hash is not the hash of the record's fields:
	// the record was changed.
	ProblemHash = "HASH_MISMATCH"
	// ProblemHead: the chain's head does not name the last record.
	ProblemHead = "HEAD_MISMATCH"
)

// StoredRecord is a record as kept, with its id and stored hash.
type StoredRecord struct {
	ID   int64
	Hash string
	Record
}

// CheckChain recomputes a chain read in order, starting after a record
// whose hash was previousHash ("" from the start). It reports each record
// whose hash does not match its fields, or whose link does not name the
// record before, and returns the last hash to continue from.
func CheckChain(previousHash string, records []StoredRecord) (breaks []ChainBreak, last string) {
	for _, r := range records {
		if r.PreviousHash != previousHash {
			breaks = append(breaks, ChainBreak{RecordID: r.ID, Problem: ProblemLink})
		}
		if got := r.Record.Hash(); got != r.Hash {
			breaks = append(breaks, ChainBreak{RecordID: r.ID, Problem: ProblemHash})
		}
		previousHash = r.Hash
	}
	return breaks, previousHash
}

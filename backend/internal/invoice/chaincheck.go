package invoice

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// ChainReport is what the admin's chain check found.
type ChainReport struct {
	Records int64
	Breaks  []ChainBreak
}

// checkPage is how many records the check reads at a time.
const checkPage = 1000

// CheckStoredChain recomputes every stored VeriFactu record's hash from
// its fields and its predecessor's hash, and checks that the chain's head
// names the last record: a changed, removed or inserted record is
// reported, whatever the triggers were bypassed with.
func CheckStoredChain(ctx context.Context, q db.DBTX) (ChainReport, error) {
	queries := db.New(q)
	var report ChainReport
	prev, after := "", int64(0)
	for {
		rows, err := queries.VerifactuRecords(ctx, db.VerifactuRecordsParams{AfterID: after, MaxRows: checkPage})
		if err != nil {
			return report, fmt.Errorf("invoice: read records: %w", err)
		}
		page := make([]StoredRecord, len(rows))
		for i, r := range rows {
			page[i] = StoredRecord{ID: r.ID, Hash: r.Hash, Record: FromRow(r)}
		}
		var breaks []ChainBreak
		breaks, prev = CheckChain(prev, page)
		report.Breaks = append(report.Breaks, breaks...)
		report.Records += int64(len(rows))
		if len(rows) < checkPage {
			break
		}
		after = rows[len(rows)-1].ID
	}
	head, err := queries.VerifactuChainHead(ctx)
	if err != nil {
		return report, fmt.Errorf("invoice: read the chain head: %w", err)
	}
	if head.Hash != prev {
		id := int64(0)
		if head.RecordID != nil {
			id = *head.RecordID
		}
		report.Breaks = append(report.Breaks, ChainBreak{RecordID: id, Problem: ProblemHead})
	}
	return report, nil
}

// FromRow is a stored record's fields as hashed.
func FromRow(r db.VerifactuRecord) Record {
	return Record{
		Cancellation: r.Kind == "anulacion",
		IssuerNIF:    r.IssuerNif, SeriesNumber: r.SeriesNumber, IssueDate: r.IssueDate,
		InvoiceType: r.InvoiceType, VATTotal: r.VatTotal, Total: r.Total,
		PreviousHash: r.PreviousHash, GeneratedAt: r.GeneratedAt,
	}
}

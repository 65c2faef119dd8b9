package invoice

import (
	"slices"
	"testing"
	"time"
)

// The AEAT's worked examples, from "Detalle de las especificaciones
// técnicas para generación de la huella o hash de los registros de
// facturación" (AEAT, VERI*FACTU, version 0.1.2), section "Ejemplos":
// a first creation record, the creation record chained to it, and the
// cancellation of the second. The expected hashes are the document's (also
// quoted by the public library mdiago/VeriFactu, README "Generación de la
// huella").
var (
	aeatFirst = Record{
		IssuerNIF: "89890001K", SeriesNumber: "12345678/G33", IssueDate: "01-01-2024",
		InvoiceType: "F1", VATTotal: "12.35", Total: "123.45",
		GeneratedAt: "2024-01-01T19:20:30+01:00",
	}
	aeatSecond = Record{
		IssuerNIF: "89890001K", SeriesNumber: "12345679/G34", IssueDate: "01-01-2024",
		InvoiceType: "F1", VATTotal: "12.35", Total: "123.45",
		PreviousHash: "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60",
		GeneratedAt:  "2024-01-01T19:20:35+01:00",
	}
	aeatCancel = Record{
		Cancellation: true,
		IssuerNIF:    "89890001K", SeriesNumber: "12345679/G34", IssueDate: "01-01-2024",
		PreviousHash: "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97",
		GeneratedAt:  "2024-01-01T19:20:40+01:00",
	}
)

// TestHashMatchesTheAEATExamples pins the field order and format to the
// AEAT's published input strings and hashes.
func TestHashMatchesTheAEATExamples(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		rec        Record
		input      string
		wantHuella string
	}{
		{"first alta", aeatFirst,
			"IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00",
			"3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60"},
		{"chained alta", aeatSecond,
			"IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00",
			"F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97"},
		{"anulación", aeatCancel,
			"IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00",
			"177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68"},
	} {
		if got := tc.rec.HashInput(); got != tc.input {
			t.Errorf("%s: input\n got %s\nwant %s", tc.name, got, tc.input)
		}
		if got := tc.rec.Hash(); got != tc.wantHuella {
			t.Errorf("%s: hash %s, want %s", tc.name, got, tc.wantHuella)
		}
	}
}

// TestCheckChain finds a tampered field, a broken link and a forged hash;
// an intact chain has no break.
func TestCheckChain(t *testing.T) {
	t.Parallel()
	intact := func() []StoredRecord {
		return []StoredRecord{
			{ID: 1, Hash: aeatFirst.Hash(), Record: aeatFirst},
			{ID: 2, Hash: aeatSecond.Hash(), Record: aeatSecond},
			{ID: 3, Hash: aeatCancel.Hash(), Record: aeatCancel},
		}
	}
	for _, tc := range []struct {
		name   string
		tamper func(rs []StoredRecord) []StoredRecord
		want   []int64
	}{
		{"intact", func(rs []StoredRecord) []StoredRecord { return rs }, nil},
		{"amount changed", func(rs []StoredRecord) []StoredRecord { rs[1].Total = "12.45"; return rs }, []int64{2}},
		{"record removed", func(rs []StoredRecord) []StoredRecord { return []StoredRecord{rs[0], rs[2]} }, []int64{3}},
		{"hash forged after a change", func(rs []StoredRecord) []StoredRecord {
			rs[0].VATTotal = "0.00"
			rs[0].Hash = rs[0].Record.Hash()
			return rs
		}, []int64{2}},
	} {
		breaks, _ := CheckChain("", tc.tamper(intact()))
		var got []int64
		for _, b := range breaks {
			got = append(got, b.RecordID)
			if b.Problem != ProblemLink && b.Problem != ProblemHash {
				t.Errorf("%s: problem %q is no known code", tc.name, b.Problem)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: breaks at %v, want %v (%+v)", tc.name, got, tc.want, breaks)
		}
	}
}

// TestAmountAndDates checks the AEAT's formats.
func TestAmountAndDates(t *testing.T) {
	t.Parallel()
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", 12345: "123.45", -1235: "-12.35", 100: "1.00"} {
		if got := Amount(cents); got != want {
			t.Errorf("Amount(%d) = %q, want %q", cents, got, want)
		}
	}
	// 23:30 UTC on 31 December is already 1 January in Madrid (UTC+1).
	at := time.Date(2025, 12, 31, 23, 30, 0, 0, time.UTC)
	if got := AEATDate(at); got != "01-01-2026" {
		t.Errorf("AEATDate = %q", got)
	}
	if got := AEATTime(at); got != "2026-01-01T00:30:00+01:00" {
		t.Errorf("AEATTime = %q", got)
	}
}

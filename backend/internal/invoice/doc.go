// Package invoice issues the shop's invoices (RD 1619/2012) and keeps
// their VeriFactu records (RD 1007/2023, Orden HAC/1177/2024): numbering
// without gaps per series and year, the taxable base and VAT per rate, the
// SHA-256 chain of records and its check, the AEAT's submission XML, the
// PDF with the verification QR code and the accountant's register.
//
// It is domain code: it takes a pgx.Tx so the order lifecycle issues an
// invoice in the very transaction that records a payment or a refund, and
// imports nothing of Connect.
package invoice

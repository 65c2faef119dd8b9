package cli

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// TestDevAEATAnswersOverTLS: with DEV_AEAT the records go to the stand-in
// shopd starts on loopback, over TLS with the certificate it issued (a
// message that is none is refused by it, not by the network), and
// invoices carry the legend and the test QR; without it and without
// VERIFACTU_SEND nothing is sent.
func TestDevAEATAnswersOverTLS(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := config.Default()
	cfg.DevAEAT = true
	app := &App{Config: cfg, Log: slog.New(slog.DiscardHandler)}
	sender, err := verifactuSender(ctx, app)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sender.Endpoint(), "https://127.0.0.1:") {
		t.Errorf("endpoint %s, want loopback", sender.Endpoint())
	}
	if _, _, err := sender.Send(ctx, []byte("<nada/>")); err == nil || !strings.Contains(err.Error(), "4103") {
		t.Errorf("the stand-in answered %v, want its fault 4103", err)
	}
	if v := verification(cfg); !v.Legend || v.QRBase != invoice.QRTestURL {
		t.Errorf("verification %+v", v)
	}
	off := config.Default()
	app.Config = off
	if s, err := verifactuSender(ctx, app); s != nil || err != nil {
		t.Errorf("sending off: %v, %v", s, err)
	}
	if v := verification(off); v.Legend {
		t.Errorf("legend while sending is off: %+v", v)
	}
}

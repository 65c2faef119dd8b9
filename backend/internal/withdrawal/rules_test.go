package withdrawal_test

import (
	"errors"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shoptime"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

func TestWithdrawalWindow(t *testing.T) {
	t.Parallel()
	madrid := shoptime.Madrid
	// Delivered at 23:30 on 2 March, Madrid time (22:30 UTC).
	delivered := time.Date(2026, 3, 2, 23, 30, 0, 0, madrid)
	lastMoment := time.Date(2026, 3, 16, 23, 59, 59, 0, madrid)
	tests := []struct {
		name      string
		state     order.Fulfilment
		delivered time.Time
		now       time.Time
		open      bool
		cancels   bool
		reason    string
	}{
		{"placed: cancels the order", order.Placed, time.Time{}, delivered, true, true, ""},
		{"preparing: cancels the order", order.Preparing, time.Time{}, delivered, true, true, ""},
		{"shipped: open, no deadline yet", order.Shipped, time.Time{}, delivered, true, false, ""},
		{"delivered the same day", order.Delivered, delivered, delivered.Add(time.Minute), true, false, ""},
		{"the 14th day's last second", order.Delivered, delivered, lastMoment, true, false, ""},
		{"the 15th day", order.Delivered, delivered, lastMoment.Add(time.Second), false, false, withdrawal.ReasonWithdrawalPeriodOver},
		{"cancelled", order.Cancelled, time.Time{}, delivered, false, false, withdrawal.ReasonWithdrawalOrderCancelled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := withdrawal.WindowAt(tt.state, tt.delivered, tt.now)
			if w.Open != tt.open || w.CancelsOrder != tt.cancels || w.ClosedReason != tt.reason {
				t.Fatalf("window = %+v, want open %v, cancels %v, reason %q", w, tt.open, tt.cancels, tt.reason)
			}
			if tt.state == order.Delivered && !w.Deadline.Equal(lastMoment.Add(time.Second)) {
				t.Fatalf("deadline = %v, want midnight ending 16 March in Madrid", w.Deadline)
			}
		})
	}
}

func TestCheckWithdrawal(t *testing.T) {
	t.Parallel()
	lines := []withdrawal.BoughtLine{
		{LineNo: 1, Quantity: 3, Withdrawn: 1},
		{LineNo: 2, Quantity: 2, Frozen: true, Perishable: true},
		{LineNo: 3, Quantity: 1, Perishable: true},
		{LineNo: 4, Quantity: 2, SealedHygiene: true},
	}
	open := withdrawal.Window{Open: true}
	tests := []struct {
		name   string
		window withdrawal.Window
		asked  []withdrawal.Ask
		want   []withdrawal.Ask
		reason string
	}{
		{"what is left of a line", open, []withdrawal.Ask{ask(1, 2)}, []withdrawal.Ask{ask(1, 2)}, ""},
		{"more than is left", open, []withdrawal.Ask{ask(1, 3)}, nil, withdrawal.ReasonWithdrawalQuantity},
		{"repeated lines add up", open, []withdrawal.Ask{ask(1, 1), ask(1, 2)}, nil, withdrawal.ReasonWithdrawalQuantity},
		{"repeated lines within what is left", open, []withdrawal.Ask{ask(1, 1), ask(1, 1)}, []withdrawal.Ask{ask(1, 2)}, ""},
		{"frozen is exempt", open, []withdrawal.Ask{ask(2, 1)}, nil, withdrawal.ReasonWithdrawalLineExempt},
		{"perishable is exempt", open, []withdrawal.Ask{ask(3, 1)}, nil, withdrawal.ReasonWithdrawalLineExempt},
		{"sealed hygiene is accepted", open, []withdrawal.Ask{ask(4, 2)}, []withdrawal.Ask{ask(4, 2)}, ""},
		{"unknown line", open, []withdrawal.Ask{ask(9, 1)}, nil, withdrawal.ReasonWithdrawalLineUnknown},
		{"zero units", open, []withdrawal.Ask{ask(1, 0)}, nil, withdrawal.ReasonWithdrawalQuantity},
		{"period over", withdrawal.Window{ClosedReason: withdrawal.ReasonWithdrawalPeriodOver}, []withdrawal.Ask{ask(1, 1)}, nil, withdrawal.ReasonWithdrawalPeriodOver},
		{"before shipping: the whole order", withdrawal.Window{Open: true, CancelsOrder: true}, []withdrawal.Ask{ask(1, 1)},
			[]withdrawal.Ask{ask(1, 3), ask(2, 2), ask(3, 1), ask(4, 2)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := withdrawal.Check(tt.window, lines, tt.asked)
			var refusal *withdrawal.Refusal
			if tt.reason != "" {
				if !errors.As(err, &refusal) || refusal.Reason != tt.reason {
					t.Fatalf("err = %v, want reason %s", err, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func ask(line, quantity int32) withdrawal.Ask {
	return withdrawal.Ask{LineNo: line, Quantity: quantity}
}

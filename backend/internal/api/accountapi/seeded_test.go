package accountapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/accountapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/seed"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSeededDashboards reads the seeded shoppers' dashboards. María: a
// completed order of 13,47 € and a transfer of 13,57 € not paid yet (not
// spent). João: a cancelled Grogue (18,99 €, not spent) and a completed
// 15,86 €.
func TestSeededDashboards(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	svc := accountapi.New(account.New(pool))
	tests := []struct {
		email          string
		count          int32
		spent, average int64
		newestStatus   saboresv1.OrderStatus
	}{
		{seed.MariaEmail, 2, 1347, 1347, saboresv1.OrderStatus_ORDER_STATUS_PENDING},
		{seed.JoaoEmail, 2, 1586, 1586, saboresv1.OrderStatus_ORDER_STATUS_CANCELLED},
	}
	for _, tt := range tests {
		var id int64
		if err := pool.QueryRow(context.Background(), `SELECT id FROM users WHERE email = $1`, tt.email).Scan(&id); err != nil {
			t.Fatalf("seeded user %s: %v", tt.email, err)
		}
		ctx := auth.WithPrincipal(context.Background(), auth.Principal{UserID: id, Email: tt.email, Role: auth.RoleClient})
		res, err := svc.GetMyDashboard(ctx, connect.NewRequest(&saboresv1.GetMyDashboardRequest{}))
		if err != nil {
			t.Fatalf("%s: GetMyDashboard: %v", tt.email, err)
		}
		m := res.Msg
		if m.GetOrderCount() != tt.count || m.GetTotalSpentCents() != tt.spent || m.GetAverageTicketCents() != tt.average ||
			len(m.GetRecentOrders()) != int(tt.count) || m.GetRecentOrders()[0].GetStatus() != tt.newestStatus {
			t.Errorf("%s: dashboard = %v, want count %d spent %d average %d newest %v", tt.email, m, tt.count, tt.spent, tt.average, tt.newestStatus)
		}
	}
}

package admincustomerapi_test

import (
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/admincustomerapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func TestListCustomers(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	customers, err := admincustomerapi.New(f.Pool).ListCustomers(f.Ctx, connect.NewRequest(&saboresv1.ListCustomersRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	c := customers.Msg
	if c.TotalSize != 2 || len(c.Customers) != 2 || c.Customers[0].Name != "João" || c.Customers[1].Name != "María" {
		t.Errorf("customers: total %d, %v; want the 2 active, newest first", c.TotalSize, c.Customers)
	}
}

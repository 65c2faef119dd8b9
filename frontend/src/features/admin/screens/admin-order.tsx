import { OrderAction } from "@gen/sabores/v1/admin_order_service_pb";
import { AdminOrderPage } from "@/features/admin/orders/routes/order";
import { OrderParcel } from "@/features/admin/parcels/components/order-parcel";

/**
 * AdminOrderScreen is /admin/orders/:id: the order desk's page of one order
 * with its parcel, whose label may be bought once the lifecycle lets the
 * order ship.
 */
export default function AdminOrderScreen() {
  return (
    <AdminOrderPage
      parcel={(orderId, allowed, pickup) => <OrderParcel orderId={orderId} canShip={allowed.includes(OrderAction.SHIP)} pickup={pickup} />}
    />
  );
}

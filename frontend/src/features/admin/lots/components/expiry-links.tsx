import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

/** ExpiryLinks leads from the expiry list to the lots' rules and to an order's lots at packing (by its number). */
export function ExpiryLinks() {
  const { t } = useTranslation("admin");
  const id = useId();
  const navigate = useNavigate();
  const [order, setOrder] = useState("");
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Link to="/admin/lots/rules" className="btn btn-outline">
        {t("lotsExpiry.rules.link")}
      </Link>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const n = order.trim().replace(/^#/, "");
          if (/^\d{1,18}$/.test(n)) navigate(`/admin/lots/orders/${n}`);
        }}
      >
        <div>
          <label htmlFor={`${id}-order`} className="mb-1 block text-sm font-medium">
            {t("lotsExpiry.packing.orderNumber")}
          </label>
          <input id={`${id}-order`} className="input w-32" inputMode="numeric" value={order} onChange={(e) => setOrder(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline">
          {t("lotsExpiry.packing.open")}
        </button>
      </form>
    </div>
  );
}

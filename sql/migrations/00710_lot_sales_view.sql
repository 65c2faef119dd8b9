-- +goose Up
-- lot_sales is each sale of a lot to an order, with whom to reach: the
-- order's delivery contact and, for a business, its name and tax id (from
-- its complete invoice, else its customer record). The recall reads it for
-- all its lots at once, the trace screen a page of one lot at a time: one
-- definition for both, so a recall never reaches fewer buyers than the
-- screen shows. Filtered by lot and ordered by order id, the planner walks
-- order_lots_lot_idx and stops at the page's end.
CREATE VIEW lot_sales AS
SELECT ol.lot_id, ol.quantity, o.id AS order_id, o.channel, o.status, o.created_at, o.language,
    o.delivery_name, o.delivery_email, o.delivery_phone,
    coalesce(nullif(inv.buyer_name, ''), CASE WHEN c.customer_type = 'empresa' THEN c.company_name END, '')::text AS business_name,
    coalesce(nullif(inv.buyer_nif, ''), CASE WHEN c.customer_type = 'empresa' THEN c.company_nif END, '')::text AS business_tax_id
FROM order_lots ol JOIN orders o ON o.id = ol.order_id
LEFT JOIN customers c ON c.id = o.customer_id
LEFT JOIN LATERAL (
    SELECT i.buyer_name, i.buyer_nif FROM invoices i
    WHERE i.order_id = o.id AND i.kind = 'complete' AND i.buyer_nif <> ''
    ORDER BY i.id DESC LIMIT 1
) inv ON true
WHERE ol.quantity > 0;

-- +goose Down
DROP VIEW lot_sales;

-- +goose Up
-- Checkout's reads of the products and promotion candidates of a cart, planned
-- once per connection instead of on every call (issue 12's benchmark).
--
-- Prepared with the ids as a parameter, `product_id = ANY($1)` makes
-- PostgreSQL's plan cache compare the generic plan, costed for an array of
-- unknown length, with custom plans costed for the two or five ids at hand;
-- the custom plans always look cheaper, so every call was planned again.
-- Planning promotion_candidates (a join with products and two subqueries on
-- price_history) took 1-2 ms against 0.1 ms to run it: most of what
-- PostgreSQL spent on an order. A function's SET clause is the one place a
-- single statement can ask for the generic plan, which here is the plan
-- custom planning found anyway (index scans by key).

-- +goose StatementBegin
CREATE FUNCTION promotion_candidates_for(product_ids bigint[], at timestamptz)
RETURNS SETOF promotion_candidates
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
    RETURN QUERY
    SELECT * FROM promotion_candidates c
    WHERE c.product_id = ANY(product_ids)
      AND (c.ends_at IS NULL OR c.ends_at >= at);
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION promotion_candidates_for;

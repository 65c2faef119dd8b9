-- RecordAgeDeclaration keeps, with a new order holding age-restricted goods,
-- when its shopper declared being 18 or over and that the carrier must check
-- ID on delivery (migration 00141).
-- name: RecordAgeDeclaration :exec
UPDATE orders SET age_declared_at = now(), id_check_required = true WHERE id = @id;

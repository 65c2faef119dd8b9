-- RecordAgeDeclaration keeps, with a new order holding age-restricted goods,
-- when its shopper declared being 18 or over and that the carrier must check
-- ID on delivery (migration 00141).
-- name: RecordAgeDeclaration :exec
UPDATE orders SET age_declared_at = now(), id_check_required = true WHERE id = @id;

-- RecordDispatchDay keeps, with a new order holding frozen or chilled goods,
-- the day it is expected to leave the shop (migration 00220).
-- name: RecordDispatchDay :exec
UPDATE orders SET dispatch_on = @dispatch_on::date WHERE id = @id;

package main

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// prepareShoppers creates the signed-in shoppers of the PlaceOrder scenario
// (a user and a session each, the session token being "bench-<i>", stored
// as its SHA-256 like the auth package does) and stocks the products they buy.
// Sessions last almost the default SESSION_TTL: one in the second half of
// its life would be renewed (an UPDATE and a commit) on every request.
func prepareShoppers(ctx context.Context, dsn string, shoppers int, productIDs []int64) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	stmts := []string{
		`INSERT INTO users (issuer, subject, email, full_name)
		 SELECT 'https://bench.sabores.local', 'shopper-' || i, 'shopper' || i || '@bench.example', 'Shopper ' || i
		 FROM generate_series(1, $1::int) i ON CONFLICT (issuer, subject) DO NOTHING`,
		`INSERT INTO sessions (token_hash, user_id, expires_at)
		 SELECT sha256(convert_to('bench-' || split_part(u.subject, '-', 2), 'UTF8')), u.id, now() + interval '719 hours'
		 FROM users u WHERE u.issuer = 'https://bench.sabores.local' ON CONFLICT (token_hash) DO NOTHING`,
	}
	if _, err := conn.Exec(ctx, stmts[0], shoppers); err != nil {
		return fmt.Errorf("shoppers: %w", err)
	}
	if _, err := conn.Exec(ctx, stmts[1]); err != nil {
		return fmt.Errorf("shoppers' sessions: %w", err)
	}
	_, err = conn.Exec(ctx, `UPDATE products SET stock = 1000000 WHERE id = ANY($1)`, productIDs)
	return err
}

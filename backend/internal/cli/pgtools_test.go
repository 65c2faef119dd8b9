package cli

import (
	"strings"
	"testing"
)

func TestLibpqConn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dsn, wantConn, wantPassword string
	}{
		{"postgres://shop:s3cret@db.example:5432/sabores?sslmode=require",
			"postgres://shop@db.example:5432/sabores?sslmode=require", "s3cret"},
		{"postgresql://shop@db/sabores?password=p%40ss&pool_max_conns=20&statement_cache_capacity=0",
			"postgresql://shop@db/sabores", "p@ss"},
		{"postgres://postgres@/sabores?host=%2Fdata%2Fpostgres%2Frun&sslmode=disable",
			"postgres://postgres@/sabores?host=%2Fdata%2Fpostgres%2Frun&sslmode=disable", ""},
		{"host=db dbname=sabores user=shop password=s3cret pool_max_conns=4",
			"host='db' dbname='sabores' user='shop'", "s3cret"},
		{`host = db  password='it''s' dbname='my db'`, "", ""}, // '' is not libpq's escape: refused below
		{`host=db password='it\'s \\ ok' dbname='my db'`, `host='db' dbname='my db'`, `it's \ ok`},
		{`application_name=a\ b`, `application_name='a b'`, ""},
	}
	for _, tt := range tests {
		conn, password, err := libpqConn(tt.dsn)
		if tt.wantConn == "" {
			if err == nil {
				t.Errorf("libpqConn(%q) = %q, want an error", tt.dsn, conn)
			}
			continue
		}
		if err != nil {
			t.Errorf("libpqConn(%q): %v", tt.dsn, err)
			continue
		}
		if conn != tt.wantConn || password != tt.wantPassword {
			t.Errorf("libpqConn(%q) = %q, %q; want %q, %q", tt.dsn, conn, password, tt.wantConn, tt.wantPassword)
		}
		if password != "" && strings.Contains(conn, password) {
			t.Errorf("libpqConn(%q) left the password in %q", tt.dsn, conn)
		}
	}
}

func TestLibpqConnErrorsHideThePassword(t *testing.T) {
	t.Parallel()
	for _, dsn := range []string{"postgres://shop:s3cret@db:bad-port/x", "host=db password='s3cret"} {
		_, _, err := libpqConn(dsn)
		if err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("libpqConn(%q) error = %v, want one without the password", dsn, err)
		}
	}
}

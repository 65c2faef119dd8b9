-- +goose Up
-- The till role (issue 35): staff who sell, take returns and count the
-- drawer at the Burela shop's till and may do nothing else in the back
-- office. A grant waiting for a first sign-in says which role it gives.
ALTER TABLE company_users DROP CONSTRAINT company_users_role_check;
ALTER TABLE company_users ADD CONSTRAINT company_users_role_check CHECK (role IN ('user', 'admin', 'till'));
ALTER TABLE admin_grants ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'till'));

-- +goose Down
ALTER TABLE admin_grants DROP COLUMN role;
DELETE FROM company_users WHERE role = 'till';
ALTER TABLE company_users DROP CONSTRAINT company_users_role_check;
ALTER TABLE company_users ADD CONSTRAINT company_users_role_check CHECK (role IN ('user', 'admin'));

-- name: UserUpsert :one
-- A returning user keeps their registration type; email and name follow the
-- identity provider, which is the source of truth for both.
INSERT INTO users (issuer, subject, email, full_name, registration_type, last_login_at)
VALUES (@issuer, @subject, @email, @full_name, 'client_direct', now())
ON CONFLICT (issuer, subject) DO UPDATE
SET email = EXCLUDED.email,
    full_name = CASE WHEN EXCLUDED.full_name = '' THEN users.full_name ELSE EXCLUDED.full_name END,
    last_login_at = now()
RETURNING id, email, full_name;

-- name: UserCompanyEnsure :one
-- DO UPDATE (a no-op write) rather than DO NOTHING so RETURNING always yields the id.
INSERT INTO companies (name) VALUES (@name)
ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
RETURNING id;

-- name: UserCompanyJoin :exec
-- Joins the company if not yet a member; a staff grant (admin or till)
-- gives an existing member its role, and nothing here ever demotes one.
INSERT INTO company_users (user_id, company_id, role, active)
VALUES (@user_id, @company_id, @role, true)
ON CONFLICT (user_id, company_id) DO UPDATE
SET role = EXCLUDED.role, active = true
WHERE EXCLUDED.role <> 'user';

-- name: UserCompanyRole :one
-- The user's active role in @company, '' for none.
SELECT coalesce((
    SELECT cu.role
    FROM company_users cu
    JOIN companies c ON c.id = cu.company_id
    WHERE cu.user_id = @user_id AND c.name = @company AND cu.active
), '')::text AS role;

-- name: UserIsCompanyAdmin :one
SELECT EXISTS (
    SELECT 1
    FROM company_users cu
    JOIN companies c ON c.id = cu.company_id
    WHERE cu.user_id = @user_id AND c.name = @company AND cu.active AND cu.role = 'admin'
) AS is_admin;

-- name: UserAdminGrantRole :one
-- The role a grant waiting for this email's first sign-in gives, '' if none.
SELECT coalesce((SELECT role FROM admin_grants WHERE email = lower(@email::text)), '')::text AS role;

-- name: UserAdminGrantInsert :exec
INSERT INTO admin_grants (email, role) VALUES (lower(@email::text), @role)
ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role;

-- name: UserPromoteByEmail :execrows
-- Gives every existing user with this email an active staff role (admin or
-- till) in the company.
INSERT INTO company_users (user_id, company_id, role, active)
SELECT u.id, @company_id, @role, true
FROM users u
WHERE lower(u.email) = lower(@email::text)
ON CONFLICT (user_id, company_id) DO UPDATE SET role = EXCLUDED.role, active = true;

-- name: UserAdminGrantDelete :execrows
-- A grant is used up by the sign-in it promotes, or withdrawn.
DELETE FROM admin_grants WHERE email = lower(@email::text);

-- name: UserDemoteByEmail :many
-- Takes the staff role (admin or till) of the company from every user with
-- this email, answering the roles they held; they stay members.
WITH held AS (
    SELECT cu.id, cu.role
    FROM company_users cu
    JOIN users u ON u.id = cu.user_id
    JOIN companies c ON c.id = cu.company_id
    WHERE c.name = @company AND lower(u.email) = lower(@email::text) AND cu.role IN ('admin', 'till')
    FOR UPDATE OF cu
)
UPDATE company_users cu
SET role = 'user'
FROM held
WHERE cu.id = held.id
RETURNING held.role;

-- name: UserLatestByEmail :one
-- The account last signed in with @email (each sign-in provider keeps its
-- own account, so several may share one email).
SELECT id FROM users
WHERE lower(email) = lower(@email::text) AND deleted_at IS NULL
ORDER BY last_login_at DESC NULLS LAST, id DESC
LIMIT 1;

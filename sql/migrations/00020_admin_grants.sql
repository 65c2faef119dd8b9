-- +goose Up
-- Emails granted the admin role before their first sign-in (`shopd admin
-- grant EMAIL`): the user row cannot exist yet because its issuer and subject
-- only arrive with the first sign-in, which then joins the shop's company as
-- an admin.
CREATE TABLE admin_grants (
    email      text PRIMARY KEY CHECK (email = lower(email) AND email LIKE '%_@_%'),
    granted_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE admin_grants;

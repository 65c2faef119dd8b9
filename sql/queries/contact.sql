-- name: ContactInsert :one
INSERT INTO contact_messages (name, email, phone, subject, message, language)
VALUES (@name, @email, @phone, @subject, @message, @language)
RETURNING *;

-- name: ContactGet :one
SELECT * FROM contact_messages WHERE id = @id;

-- ContactList is the back office's list, newest first.
-- name: ContactList :many
SELECT * FROM contact_messages
ORDER BY created_at DESC, id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: ContactCount :one
SELECT count(*) FROM contact_messages;

-- name: CreateCatalogueUpload :one
INSERT INTO catalogue_uploads (created_by) VALUES (@created_by) RETURNING id;

-- GetCatalogueUpload reads an upload with whether an import has taken it;
-- LockCatalogueUpload also locks it, so the pieces of one upload are added
-- one at a time and none is added once it is imported.
-- name: GetCatalogueUpload :one
SELECT u.id, u.created_by, u.bytes, u.chunks,
       EXISTS (SELECT 1 FROM catalogue_imports i WHERE i.upload_id = u.id)::boolean AS imported
FROM catalogue_uploads u
WHERE u.id = @id;

-- name: LockCatalogueUpload :one
SELECT u.id, u.created_by, u.bytes, u.chunks,
       EXISTS (SELECT 1 FROM catalogue_imports i WHERE i.upload_id = u.id)::boolean AS imported
FROM catalogue_uploads u
WHERE u.id = @id
FOR UPDATE OF u;

-- name: AddCatalogueUploadChunk :exec
WITH piece AS (
    INSERT INTO catalogue_upload_chunks (upload_id, seq, content) VALUES (@upload_id, @seq, @content)
)
UPDATE catalogue_uploads SET bytes = bytes + length(@content::bytea), chunks = chunks + 1 WHERE id = @upload_id;

-- CatalogueUploadChunk reads one piece by the primary key: a file is read
-- back a piece at a time, never whole.
-- name: CatalogueUploadChunk :one
SELECT content FROM catalogue_upload_chunks WHERE upload_id = @upload_id AND seq = @seq;

-- PruneCatalogueUploads deletes the uploads started before a time that no
-- import waits for (a dry run's file never imported, a page left).
-- name: PruneCatalogueUploads :execrows
DELETE FROM catalogue_uploads u
WHERE u.created_at < @before
  AND NOT EXISTS (SELECT 1 FROM catalogue_imports i WHERE i.upload_id = u.id AND i.status IN ('queued', 'running'));

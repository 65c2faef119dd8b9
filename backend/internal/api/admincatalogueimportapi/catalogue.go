package admincatalogueimportapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogueio"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// exportChunk is how much of the CSV file each message of the export
// stream carries.
const exportChunk = 64 << 10

// ExportCatalogue streams the catalogue as CSV (catalogueio.ExportAll), a
// page of products at a time, so neither side holds the whole file.
// Streams pass no unary interceptor, so errors are mapped here.
func (h *Handler) ExportCatalogue(ctx context.Context, req *connect.Request[saboresv1.ExportCatalogueRequest], stream *connect.ServerStream[saboresv1.ExportCatalogueResponse]) error {
	w := &chunkWriter{send: func(b []byte) error {
		return stream.Send(&saboresv1.ExportCatalogueResponse{Chunk: b})
	}}
	if _, err := catalogueio.ExportAll(ctx, h.pool, auth.Caller(ctx), w, req.Msg.GetBom()); err != nil {
		return apperr.ToConnect(ctx, saboresv1connect.AdminCatalogueImportServiceExportCatalogueProcedure, err)
	}
	return nil
}

// chunkWriter gathers writes into messages of exportChunk bytes.
type chunkWriter struct {
	buf  []byte
	send func([]byte) error
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	if len(w.buf) >= exportChunk {
		if err := w.Flush(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush sends what is gathered.
func (w *chunkWriter) Flush() error {
	if len(w.buf) == 0 {
		return nil
	}
	err := w.send(w.buf)
	w.buf = nil
	if err != nil {
		return fmt.Errorf("admincatalogueimportapi: send export: %w", err)
	}
	return nil
}

// UploadCatalogueChunk stores the next piece of the caller's CSV file.
func (h *Handler) UploadCatalogueChunk(ctx context.Context, req *connect.Request[saboresv1.UploadCatalogueChunkRequest]) (*connect.Response[saboresv1.UploadCatalogueChunkResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	up, err := catalogueio.AddChunk(ctx, h.pool, userID, req.Msg.GetUploadId(), req.Msg.GetSeq(), req.Msg.GetChunk())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UploadCatalogueChunkResponse{UploadId: up.ID, Chunks: up.Chunks, Bytes: up.Bytes}), nil
}

// DryRunCatalogueImport checks an uploaded file as the import would, and
// writes nothing (catalogueio.DryRun).
func (h *Handler) DryRunCatalogueImport(ctx context.Context, req *connect.Request[saboresv1.DryRunCatalogueImportRequest]) (*connect.Response[saboresv1.DryRunCatalogueImportResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	plan, err := catalogueio.DryRun(ctx, h.pool, userID, req.Msg.GetUploadId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DryRunCatalogueImportResponse{
		Rows: int32(plan.Rows), Creates: int32(plan.Creates),
		Updates: int32(plan.Updates), Problems: problemsToProto(plan.Problems), ProblemCount: int32(plan.ProblemCount),
	}), nil
}

// StartCatalogueImport queues the import of an uploaded file
// (catalogueio.Start).
func (h *Handler) StartCatalogueImport(ctx context.Context, req *connect.Request[saboresv1.StartCatalogueImportRequest]) (*connect.Response[saboresv1.StartCatalogueImportResponse], error) {
	if _, err := auth.SignedInUser(ctx); err != nil {
		return nil, err
	}
	row, err := catalogueio.Start(ctx, h.pool, h.imports, auth.Caller(ctx), req.Msg.GetUploadId(), req.Msg.GetFileName())
	if err != nil {
		return nil, err
	}
	out, err := importToProto(db.GetCatalogueImportRow(row))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.StartCatalogueImportResponse{Import: out}), nil
}

// GetCatalogueImport reports an import's progress and outcome.
func (h *Handler) GetCatalogueImport(ctx context.Context, req *connect.Request[saboresv1.GetCatalogueImportRequest]) (*connect.Response[saboresv1.GetCatalogueImportResponse], error) {
	row, err := h.q.GetCatalogueImport(ctx, req.Msg.GetId())
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &fault.Error{Kind: fault.NotFound, Reason: "IMPORT_NOT_FOUND",
			Message: fmt.Sprintf("import %d does not exist", req.Msg.GetId())}
	}
	if err != nil {
		return nil, fmt.Errorf("admincatalogueimportapi: read import %d: %w", req.Msg.GetId(), err)
	}
	out, err := importToProto(row)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetCatalogueImportResponse{Import: out}), nil
}

// importStatuses are the contract's import statuses.
var importStatuses = map[string]saboresv1.CatalogueImportStatus{
	"queued":    saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_QUEUED,
	"running":   saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_RUNNING,
	"succeeded": saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_SUCCEEDED,
	"failed":    saboresv1.CatalogueImportStatus_CATALOGUE_IMPORT_STATUS_FAILED,
}

func importToProto(r db.GetCatalogueImportRow) (*saboresv1.CatalogueImport, error) {
	var problems []catalogueio.Problem
	if err := json.Unmarshal(r.Problems, &problems); err != nil {
		return nil, fmt.Errorf("admincatalogueimportapi: read problems of import %d: %w", r.ID, err)
	}
	out := &saboresv1.CatalogueImport{
		Id: r.ID, FileName: r.FileName, Status: importStatuses[r.Status], ProgressPercent: r.ProgressPercent,
		Rows: r.RowsTotal, Created: r.Created, Updated: r.Updated, Problems: problemsToProto(problems),
		ProblemCount: r.ProblemCount, CreatedAt: timestamppb.New(r.CreatedAt),
	}
	if r.FinishedAt != nil {
		out.FinishedAt = timestamppb.New(*r.FinishedAt)
	}
	return out, nil
}

func problemsToProto(problems []catalogueio.Problem) []*saboresv1.CatalogueImportProblem {
	out := make([]*saboresv1.CatalogueImportProblem, 0, min(len(problems), catalogueio.MaxListedProblems))
	for _, p := range problems[:min(len(problems), catalogueio.MaxListedProblems)] {
		out = append(out, &saboresv1.CatalogueImportProblem{
			Line: int32(p.Line), Column: p.Column, Reason: p.Reason, Message: p.Message, Metadata: p.Metadata,
		})
	}
	return out
}

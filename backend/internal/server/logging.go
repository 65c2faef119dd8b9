package server

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
)

// RequestIDHeader carries the request id to and from clients, so a report
// from a user can be matched with the log line.
const RequestIDHeader = "X-Request-Id"

// requestInfo collects what the log line of one request needs; the RPC
// layer fills in the procedure and code.
type requestInfo struct {
	id        string
	procedure string
	code      string
}

type requestInfoKey struct{}

// logRequests logs one line per request with its id, method, path or
// procedure, status or RPC code, and duration.
//
// The line's record travels with the ResponseWriter it passes on, not in
// the request's context: putting it there copies the request, which a
// cached read (answered further in, before any handler asks for the
// record) does not need. withRequestInfo, in front of the handlers that
// log or fill the record in, puts it in their context.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		// One allocation holds the recorder, the record and the header's
		// value (net/http only reads a header's slice; Add copies a full
		// one before appending).
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		info := &rec.record
		info.id = requestID(r)
		rec.idValue[0] = info.id
		w.Header()[RequestIDHeader] = rec.idValue[:]
		next.ServeHTTP(rec, r)

		level := slog.LevelInfo
		if info.code == connect.CodeInternal.String() || info.code == connect.CodeUnknown.String() ||
			(info.procedure == "" && rec.status >= http.StatusInternalServerError) {
			level = slog.LevelError
		}
		// At LOG_LEVEL=warn most lines are not written: build none of them.
		if !log.Enabled(r.Context(), level) {
			return
		}
		attrs := []slog.Attr{
			slog.String("request_id", info.id),
			slog.String("method", r.Method),
			slog.Duration("duration", time.Since(start)),
		}
		if info.procedure != "" {
			attrs = append(attrs, slog.String("procedure", info.procedure), slog.String("code", info.code))
		} else {
			attrs = append(attrs, slog.String("path", r.URL.Path), slog.Int("status", rec.status))
		}
		log.LogAttrs(r.Context(), level, "request", attrs...)
	})
}

// withRequestInfo gives next's requests the context logRequests' record
// is found in (the procedure interceptor, ContextHandler), the
// record reached through the ResponseWriter's Unwrap chain. A request
// that did not come through logRequests (a background recomputation, a
// page rendered through the mux) passes as it came.
func withRequestInfo(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if info := recordOf(w); info != nil {
			r = r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, info))
		}
		next.ServeHTTP(w, r)
	})
}

// recordOf is the record of the statusRecorder w is or wraps, or nil.
func recordOf(w http.ResponseWriter) *requestInfo {
	for {
		switch u := w.(type) {
		case *statusRecorder:
			return &u.record
		case interface{ Unwrap() http.ResponseWriter }:
			w = u.Unwrap()
		default:
			return nil
		}
	}
}

// requestID keeps a sane id set by a proxy in front of us, or makes one.
func requestID(r *http.Request) string {
	if id := r.Header.Get(RequestIDHeader); id != "" && len(id) <= 64 && printable(id) {
		return id
	}
	// An id names a log line; it guards nothing (a client may send its
	// own), so the runtime's fast generator will do: crypto/rand's was
	// 6 % of a cached read's handling.
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

func printable(s string) bool {
	for _, c := range []byte(s) {
		if c < 0x21 || c > 0x7e {
			return false
		}
	}
	return true
}

// procedureInterceptor records the procedure and result code of an RPC for
// the request's log line. It runs outermost, so it sees the final code.
func procedureInterceptor() connect.Interceptor {
	return &procedureRecorder{}
}

type procedureRecorder struct{}

// begin names the procedure before the handler runs, so records logged
// inside it carry the procedure as well as the request id.
func begin(ctx context.Context, procedure string) {
	if info, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		info.procedure = procedure
	}
}

// record keeps the result code once the handler has run.
func record(ctx context.Context, err error) {
	if info, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		info.code = apperr.Outcome(err)
	}
}

// WrapUnary records unary RPCs.
func (procedureRecorder) WrapUnary(next connect.UnaryFunc) connect.UnaryFunc {
	return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
		begin(ctx, req.Spec().Procedure)
		res, err := next(ctx, req)
		record(ctx, err)
		return res, err
	}
}

// WrapStreamingClient leaves clients alone: this is a server interceptor.
func (procedureRecorder) WrapStreamingClient(next connect.StreamingClientFunc) connect.StreamingClientFunc {
	return next
}

// WrapStreamingHandler records streaming RPCs such as reflection.
func (procedureRecorder) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		begin(ctx, conn.Spec().Procedure)
		err := next(ctx, conn)
		record(ctx, err)
		return err
	}
}

// statusRecorder remembers the status code written, and carries the
// request's log record to withRequestInfo.
type statusRecorder struct {
	http.ResponseWriter
	status  int
	record  requestInfo
	idValue [1]string
}

// WriteHeader records the status.
func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach flushing and deadlines, which
// gRPC streaming needs.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush passes flushes through for streaming responses.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// ContextHandler adds the request id of the context to every log record, so
// errors logged deep inside a request can be matched with its log line.
type ContextHandler struct {
	slog.Handler
}

// Handle adds request_id, and procedure for an RPC, when the context
// carries them.
func (h ContextHandler) Handle(ctx context.Context, r slog.Record) error {
	if info, ok := ctx.Value(requestInfoKey{}).(*requestInfo); ok {
		r.AddAttrs(slog.String("request_id", info.id))
		if info.procedure != "" && !hasAttr(r, "procedure") {
			r.AddAttrs(slog.String("procedure", info.procedure))
		}
	}
	return h.Handler.Handle(ctx, r)
}

// hasAttr reports whether the record already names key (the error mapper
// logs the procedure itself).
func hasAttr(r slog.Record, key string) bool {
	found := false
	r.Attrs(func(a slog.Attr) bool {
		found = a.Key == key
		return !found
	})
	return found
}

// WithAttrs keeps the wrapper around derived handlers.
func (h ContextHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return ContextHandler{h.Handler.WithAttrs(attrs)}
}

// WithGroup keeps the wrapper around derived handlers.
func (h ContextHandler) WithGroup(name string) slog.Handler {
	return ContextHandler{h.Handler.WithGroup(name)}
}

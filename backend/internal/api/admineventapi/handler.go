// Package admineventapi serves AdminEventService over Connect: the shop's
// domain events in commit order, read from the feed module.
package admineventapi

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/feed"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminEventService.
type Handler struct {
	events *feed.Service
}

var _ saboresv1connect.AdminEventServiceHandler = (*Handler)(nil)

// New returns the handler of the feed module's events.
func New(events *feed.Service) *Handler { return &Handler{events: events} }

// ListEvents pages the events after a cursor (feed.Service.Events).
func (h *Handler) ListEvents(ctx context.Context, req *connect.Request[saboresv1.ListEventsRequest]) (*connect.Response[saboresv1.ListEventsResponse], error) {
	after, err := feed.ParseCursor(req.Msg.GetAfterCursor())
	if err != nil {
		return nil, err
	}
	events, next, err := h.events.Events(ctx, after, req.Msg.GetTypes(), req.Msg.GetLimit())
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListEventsResponse{Events: make([]*saboresv1.Event, len(events)), NextCursor: next.String()}
	for i, e := range events {
		data, err := structpb.NewStruct(e.Data)
		if err != nil {
			return nil, fmt.Errorf("admineventapi: event %s: %w", e.ID, err)
		}
		res.Events[i] = &saboresv1.Event{Id: e.ID.String(), Type: e.Type, CreateTime: timestamppb.New(e.At), Data: data}
	}
	return connect.NewResponse(res), nil
}

package adminproductapi

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/productimage"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListProductImages lists a product's pictures in order.
func (h *Handler) ListProductImages(ctx context.Context, req *connect.Request[saboresv1.ListProductImagesRequest]) (*connect.Response[saboresv1.ListProductImagesResponse], error) {
	id := req.Msg.GetProductId()
	if _, err := h.q.AdminGetProduct(ctx, id); err != nil {
		return nil, catalogue.ProductNotFound(err, id)
	}
	images, err := productimage.ProductImages(ctx, h.q, id)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListProductImagesResponse{Images: apimap.ProductImages(images)}), nil
}

// UploadProductImage checks and resizes a picture (before any transaction:
// it is the slow part), then has the catalogue store it
// (catalogue.Service.AddImage).
func (h *Handler) UploadProductImage(ctx context.Context, req *connect.Request[saboresv1.UploadProductImageRequest]) (*connect.Response[saboresv1.UploadProductImageResponse], error) {
	id := req.Msg.GetProductId()
	if _, err := h.q.AdminGetProduct(ctx, id); err != nil {
		return nil, catalogue.ProductNotFound(err, id)
	}
	// A picture the product has already costs no decoding.
	existing, err := h.q.ListProductImages(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("adminproductapi: list images of product %d: %w", id, err)
	}
	if err := catalogue.DuplicateImage(existing, productimage.Hash(req.Msg.GetContent())); err != nil {
		return nil, err
	}
	pic, err := productimage.Process(ctx, req.Msg.GetContent())
	switch {
	case errors.Is(err, productimage.ErrFormat):
		return nil, &fault.Error{Kind: fault.Invalid, Reason: "IMAGE_FORMAT", Message: err.Error()}
	case errors.Is(err, productimage.ErrDimensions):
		return nil, &fault.Error{Kind: fault.Invalid, Reason: "IMAGE_DIMENSIONS", Message: err.Error(),
			Metadata: map[string]string{"min_side": strconv.Itoa(productimage.MinSide), "max_bytes": strconv.Itoa(productimage.MaxUploadBytes)}}
	case errors.Is(err, productimage.ErrTooLarge):
		return nil, &fault.Error{Kind: fault.Invalid, Reason: "IMAGE_TOO_LARGE", Message: err.Error(),
			Metadata: map[string]string{"max_megapixels": strconv.Itoa(productimage.MaxPixels / 1_000_000)}}
	case err != nil:
		return nil, err
	}
	added, all, err := h.products.AddImage(ctx, auth.Caller(ctx), id, pic)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UploadProductImageResponse{
		Image: apimap.ProductImageToProto(added), Images: apimap.ProductImages(all),
	}), nil
}

// ReorderProductImages puts a product's pictures in the order given, which
// must name each of them once.
func (h *Handler) ReorderProductImages(ctx context.Context, req *connect.Request[saboresv1.ReorderProductImagesRequest]) (*connect.Response[saboresv1.ReorderProductImagesResponse], error) {
	out, err := h.products.ReorderImages(ctx, auth.Caller(ctx), req.Msg.GetProductId(), req.Msg.GetImageIds())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ReorderProductImagesResponse{Images: apimap.ProductImages(out)}), nil
}

// DeleteProductImage takes a picture off a product
// (catalogue.Service.DeleteImage).
func (h *Handler) DeleteProductImage(ctx context.Context, req *connect.Request[saboresv1.DeleteProductImageRequest]) (*connect.Response[saboresv1.DeleteProductImageResponse], error) {
	out, err := h.products.DeleteImage(ctx, auth.Caller(ctx), req.Msg.GetProductId(), req.Msg.GetImageId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteProductImageResponse{Images: apimap.ProductImages(out)}), nil
}

package admin

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// maxImages is how many pictures a product may have (the contract's limit
// on ReorderProductImagesRequest.image_ids).
const maxImages = 20

// ListProductImages lists a product's pictures in order.
func (s *Service) ListProductImages(ctx context.Context, req *connect.Request[saboresv1.ListProductImagesRequest]) (*connect.Response[saboresv1.ListProductImagesResponse], error) {
	id := req.Msg.GetProductId()
	if _, err := s.q.AdminGetProduct(ctx, id); err != nil {
		return nil, catalogue.ProductNotFound(err, id)
	}
	images, err := shop.ProductImages(ctx, s.q, id)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListProductImagesResponse{Images: apimap.ProductImages(images)}), nil
}

// UploadProductImage checks and resizes a picture (before any transaction:
// it is the slow part), then stores its renditions and appends it to the
// product's pictures, all in one transaction with the audit row.
func (s *Service) UploadProductImage(ctx context.Context, req *connect.Request[saboresv1.UploadProductImageRequest]) (*connect.Response[saboresv1.UploadProductImageResponse], error) {
	id := req.Msg.GetProductId()
	if _, err := s.q.AdminGetProduct(ctx, id); err != nil {
		return nil, catalogue.ProductNotFound(err, id)
	}
	// A picture the product has already costs no decoding.
	existing, err := s.q.ListProductImages(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("admin: list images of product %d: %w", id, err)
	}
	if err := duplicate(existing, productimage.Hash(req.Msg.GetContent())); err != nil {
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
	res := &saboresv1.UploadProductImageResponse{}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.AdminGetProductForUpdate(ctx, id); err != nil {
			return catalogue.ProductNotFound(err, id)
		}
		existing, err := q.ListProductImages(ctx, id)
		if err != nil {
			return fmt.Errorf("admin: list images of product %d: %w", id, err)
		}
		// Again under the product's lock: a concurrent upload of the same
		// picture may have committed meanwhile.
		if err := duplicate(existing, pic.Hash); err != nil {
			return err
		}
		if len(existing) >= maxImages {
			return &fault.Error{Kind: fault.Refused, Reason: "IMAGE_LIMIT",
				Message: fmt.Sprintf("a product has at most %d pictures", maxImages), Metadata: map[string]string{"max": strconv.Itoa(maxImages)}}
		}
		for _, r := range pic.Renditions {
			if err := q.InsertImageRendition(ctx, db.InsertImageRenditionParams{
				Hash: pic.Hash, Width: int32(r.Width), ContentType: "image/jpeg", Data: r.Data,
			}); err != nil {
				return fmt.Errorf("admin: store picture %s at %d px: %w", pic.Hash, r.Width, err)
			}
		}
		row, err := q.InsertProductImage(ctx, db.InsertProductImageParams{
			ProductID: id, Hash: pic.Hash, Width: int32(pic.Width), Height: int32(pic.Height), CreatedBy: auth.ActorUserID(ctx),
		})
		if err != nil {
			return fmt.Errorf("admin: add picture to product %d: %w", id, err)
		}
		res.Image = apimap.ProductImageToProto(row)
		if res.Images, err = afterImageChange(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "product.image.add", "product:"+strconv.FormatInt(id, 10), nil,
			map[string]any{"image_id": row.ID, "hash": pic.Hash, "width": pic.Width, "height": pic.Height})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ReorderProductImages puts a product's pictures in the order given, which
// must name each of them once.
func (s *Service) ReorderProductImages(ctx context.Context, req *connect.Request[saboresv1.ReorderProductImagesRequest]) (*connect.Response[saboresv1.ReorderProductImagesResponse], error) {
	id, order := req.Msg.GetProductId(), req.Msg.GetImageIds()
	var out []*saboresv1.ProductImage
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.AdminGetProductForUpdate(ctx, id); err != nil {
			return catalogue.ProductNotFound(err, id)
		}
		existing, err := q.ListProductImages(ctx, id)
		if err != nil {
			return fmt.Errorf("admin: list images of product %d: %w", id, err)
		}
		before := make([]int64, len(existing))
		known := make(map[int64]bool, len(existing))
		for i, e := range existing {
			before[i] = e.ID
			known[e.ID] = true
		}
		if len(order) != len(existing) {
			return fault.InvalidField("image_ids", fmt.Sprintf("name all %d pictures of the product", len(existing)))
		}
		for i, imageID := range order {
			if !known[imageID] {
				return fault.InvalidField("image_ids", fmt.Sprintf("picture %d is not the product's", imageID))
			}
			if err := q.SetProductImagePosition(ctx, db.SetProductImagePositionParams{Position: int32(i), ID: imageID, ProductID: id}); err != nil {
				return fmt.Errorf("admin: move picture %d: %w", imageID, err)
			}
		}
		if out, err = afterImageChange(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "product.image.reorder", "product:"+strconv.FormatInt(id, 10),
			map[string][]int64{"image_ids": before}, map[string][]int64{"image_ids": order})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ReorderProductImagesResponse{Images: out}), nil
}

// DeleteProductImage takes a picture off a product. Its renditions stay:
// an order line may still show it.
func (s *Service) DeleteProductImage(ctx context.Context, req *connect.Request[saboresv1.DeleteProductImageRequest]) (*connect.Response[saboresv1.DeleteProductImageResponse], error) {
	id, imageID := req.Msg.GetProductId(), req.Msg.GetImageId()
	var out []*saboresv1.ProductImage
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.AdminGetProductForUpdate(ctx, id); err != nil {
			return catalogue.ProductNotFound(err, id)
		}
		gone, err := q.DeleteProductImage(ctx, db.DeleteProductImageParams{ID: imageID, ProductID: id})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "IMAGE_NOT_FOUND",
				Message: fmt.Sprintf("product %d has no picture %d", id, imageID)}
		}
		if err != nil {
			return fmt.Errorf("admin: delete picture %d: %w", imageID, err)
		}
		remaining, err := q.ListProductImages(ctx, id)
		if err != nil {
			return fmt.Errorf("admin: list images of product %d: %w", id, err)
		}
		for i, r := range remaining {
			if err := q.SetProductImagePosition(ctx, db.SetProductImagePositionParams{Position: int32(i), ID: r.ID, ProductID: id}); err != nil {
				return fmt.Errorf("admin: move picture %d: %w", r.ID, err)
			}
		}
		if out, err = afterImageChange(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "product.image.delete", "product:"+strconv.FormatInt(id, 10),
			map[string]any{"image_id": gone.ID, "hash": gone.Hash}, nil)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteProductImageResponse{Images: out}), nil
}

// afterImageChange points products.image_url at the first picture (every
// listing, cart and order shows that one), or back at the generated
// placeholder when none is left, and returns the pictures in order.
func afterImageChange(ctx context.Context, q *db.Queries, id int64) ([]*saboresv1.ProductImage, error) {
	row, err := q.AdminGetProduct(ctx, id)
	if err != nil {
		return nil, catalogue.ProductNotFound(err, id)
	}
	images, err := q.ListProductImages(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("admin: list images of product %d: %w", id, err)
	}
	url := productimage.ProductURL(row.Product.Category, row.Product.Name)
	if len(images) > 0 {
		url = productimage.UploadURL(images[0].Hash, productimage.ListWidth)
	}
	if err := q.SetProductImageURL(ctx, db.SetProductImageURLParams{ImageURL: url, ID: id}); err != nil {
		return nil, fmt.Errorf("admin: set picture of product %d: %w", id, err)
	}
	out := make([]*saboresv1.ProductImage, len(images))
	for i, img := range images {
		out[i] = apimap.ProductImageToProto(img)
	}
	return out, nil
}

// duplicate refuses a picture whose hash one of existing has.
func duplicate(existing []db.ProductImage, hash string) error {
	for _, e := range existing {
		if e.Hash == hash {
			return &fault.Error{Kind: fault.Conflict, Reason: "IMAGE_DUPLICATE",
				Message: "the product already has this picture", Metadata: map[string]string{"image_id": strconv.FormatInt(e.ID, 10)}}
		}
	}
	return nil
}

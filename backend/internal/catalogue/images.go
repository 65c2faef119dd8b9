package catalogue

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// MaxImages is how many pictures a product may have (the contract's limit
// on ReorderProductImagesRequest.image_ids).
const MaxImages = 20

// DuplicateImage refuses a picture whose hash one of existing has: checked
// before decoding an upload (a picture the product has costs nothing) and
// again under the product's lock.
func DuplicateImage(existing []db.ProductImage, hash string) error {
	for _, e := range existing {
		if e.Hash == hash {
			return &fault.Error{Kind: fault.Conflict, Reason: "IMAGE_DUPLICATE",
				Message: "the product already has this picture", Metadata: map[string]string{"image_id": strconv.FormatInt(e.ID, 10)}}
		}
	}
	return nil
}

// AddImage stores a processed picture's renditions and appends it to
// product id's pictures, in its own transaction with the audit row by by,
// and returns the new picture and all of them in order.
func (s *Service) AddImage(ctx context.Context, by audit.Caller, id int64, pic productimage.Processed) (db.ProductImage, []db.ProductImage, error) {
	var added db.ProductImage
	var all []db.ProductImage
	err := s.withProduct(ctx, id, func(q *db.Queries, _ db.Product) error {
		existing, err := q.ListProductImages(ctx, id)
		if err != nil {
			return fmt.Errorf("catalogue: list images of product %d: %w", id, err)
		}
		// Again under the product's lock: a concurrent upload of the same
		// picture may have committed meanwhile.
		if err := DuplicateImage(existing, pic.Hash); err != nil {
			return err
		}
		if len(existing) >= MaxImages {
			return &fault.Error{Kind: fault.Refused, Reason: "IMAGE_LIMIT",
				Message: fmt.Sprintf("a product has at most %d pictures", MaxImages), Metadata: map[string]string{"max": strconv.Itoa(MaxImages)}}
		}
		for _, r := range pic.Renditions {
			if err := q.InsertImageRendition(ctx, db.InsertImageRenditionParams{
				Hash: pic.Hash, Width: int32(r.Width), ContentType: "image/jpeg", Data: r.Data,
			}); err != nil {
				return fmt.Errorf("catalogue: store picture %s at %d px: %w", pic.Hash, r.Width, err)
			}
		}
		if added, err = q.InsertProductImage(ctx, db.InsertProductImageParams{
			ProductID: id, Hash: pic.Hash, Width: int32(pic.Width), Height: int32(pic.Height), CreatedBy: userOf(by),
		}); err != nil {
			return fmt.Errorf("catalogue: add picture to product %d: %w", id, err)
		}
		if all, err = afterImageChange(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "product.image.add", "product:"+strconv.FormatInt(id, 10), nil,
			map[string]any{"image_id": added.ID, "hash": pic.Hash, "width": pic.Width, "height": pic.Height})
	})
	return added, all, err
}

// ReorderImages puts product id's pictures in order, which must name each
// of them once, in its own transaction with the audit row by by, and
// returns them in their new order.
func (s *Service) ReorderImages(ctx context.Context, by audit.Caller, id int64, order []int64) ([]db.ProductImage, error) {
	var out []db.ProductImage
	err := s.withProduct(ctx, id, func(q *db.Queries, _ db.Product) error {
		existing, err := q.ListProductImages(ctx, id)
		if err != nil {
			return fmt.Errorf("catalogue: list images of product %d: %w", id, err)
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
				return fmt.Errorf("catalogue: move picture %d: %w", imageID, err)
			}
		}
		if out, err = afterImageChange(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "product.image.reorder", "product:"+strconv.FormatInt(id, 10),
			map[string][]int64{"image_ids": before}, map[string][]int64{"image_ids": order})
	})
	return out, err
}

// DeleteImage takes picture imageID off product id, in its own transaction
// with the audit row by by, and returns the pictures left in order. Its
// renditions stay: an order line may still show it.
func (s *Service) DeleteImage(ctx context.Context, by audit.Caller, id, imageID int64) ([]db.ProductImage, error) {
	var out []db.ProductImage
	err := s.withProduct(ctx, id, func(q *db.Queries, _ db.Product) error {
		gone, err := q.DeleteProductImage(ctx, db.DeleteProductImageParams{ID: imageID, ProductID: id})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "IMAGE_NOT_FOUND",
				Message: fmt.Sprintf("product %d has no picture %d", id, imageID)}
		}
		if err != nil {
			return fmt.Errorf("catalogue: delete picture %d: %w", imageID, err)
		}
		remaining, err := q.ListProductImages(ctx, id)
		if err != nil {
			return fmt.Errorf("catalogue: list images of product %d: %w", id, err)
		}
		for i, r := range remaining {
			if err := q.SetProductImagePosition(ctx, db.SetProductImagePositionParams{Position: int32(i), ID: r.ID, ProductID: id}); err != nil {
				return fmt.Errorf("catalogue: move picture %d: %w", r.ID, err)
			}
		}
		if out, err = afterImageChange(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "product.image.delete", "product:"+strconv.FormatInt(id, 10),
			map[string]any{"image_id": gone.ID, "hash": gone.Hash}, nil)
	})
	return out, err
}

// afterImageChange points products.image_url at the first picture (every
// listing, cart and order shows that one), or back at the generated
// placeholder when none is left, and returns the pictures in order.
func afterImageChange(ctx context.Context, q *db.Queries, id int64) ([]db.ProductImage, error) {
	row, err := q.AdminGetProduct(ctx, id)
	if err != nil {
		return nil, ProductNotFound(err, id)
	}
	images, err := q.ListProductImages(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("catalogue: list images of product %d: %w", id, err)
	}
	url := productimage.ProductURL(row.Product.Category, row.Product.Name)
	if len(images) > 0 {
		url = productimage.UploadURL(images[0].Hash, productimage.ListWidth)
	}
	if err := q.SetProductImageURL(ctx, db.SetProductImageURLParams{ImageURL: url, ID: id}); err != nil {
		return nil, fmt.Errorf("catalogue: set picture of product %d: %w", id, err)
	}
	return images, nil
}

package apimap

import (
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productimage"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ProductImages maps a product's uploaded pictures (productimage.ProductImages),
// for the product page and the back office alike.
func ProductImages(rows []db.ProductImage) []*saboresv1.ProductImage {
	out := make([]*saboresv1.ProductImage, len(rows))
	for i, r := range rows {
		out[i] = ProductImageToProto(r)
	}
	return out
}

// ProductImageToProto maps a stored picture: its card-width URL and the
// srcset of every width.
func ProductImageToProto(r db.ProductImage) *saboresv1.ProductImage {
	url := productimage.UploadURL(r.Hash, productimage.ListWidth)
	return &saboresv1.ProductImage{
		Id: r.ID, Position: r.Position, Url: url, Srcset: productimage.SrcSet(url), Width: r.Width, Height: r.Height,
	}
}

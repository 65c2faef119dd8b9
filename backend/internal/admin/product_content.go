package admin

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productcontent"
	"github.com/sabores/sabores/backend/internal/productform"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// GetProductContent returns a product's texts in both languages, its legal
// flags and its food information.
func (s *Service) GetProductContent(ctx context.Context, req *connect.Request[saboresv1.GetProductContentRequest]) (*connect.Response[saboresv1.GetProductContentResponse], error) {
	row, err := s.q.AdminGetProduct(ctx, req.Msg.GetId())
	if err != nil {
		return nil, catalogue.ProductNotFound(err, req.Msg.GetId())
	}
	content, err := readContent(ctx, s.q, row.Product)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetProductContentResponse{Content: content}), nil
}

// UpdateProductContent replaces a product's content as a whole. The
// ingredient texts are checked against the "contains" flags in both
// languages before anything is written; the change is audited with the
// content before and after.
func (s *Service) UpdateProductContent(ctx context.Context, req *connect.Request[saboresv1.UpdateProductContentRequest]) (*connect.Response[saboresv1.UpdateProductContentResponse], error) {
	in := req.Msg.GetContent()
	id := in.GetProductId()
	food, err := productform.FoodParams(in)
	if err != nil {
		return nil, formError(err)
	}
	var out *saboresv1.ProductContent
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, id)
		if err != nil {
			return catalogue.ProductNotFound(err, id)
		}
		before, err := readContent(ctx, q, row.Product)
		if err != nil {
			return err
		}
		flags := in.GetFlags()
		product, err := q.UpdateProductContent(ctx, db.UpdateProductContentParams{
			ID: id, Name: strings.TrimSpace(in.GetNameEs()), NamePt: strings.TrimSpace(in.GetNamePt()),
			Description: strings.TrimSpace(in.GetDescriptionEs()), DescriptionPt: strings.TrimSpace(in.GetDescriptionPt()),
			IsFood: in.GetIsFood(), Frozen: flags.GetFrozen(), Perishable: flags.GetPerishable(),
			SealedHygiene: flags.GetSealedHygiene(), AgeRestricted: flags.GetAgeRestricted(),
			UpdatedBy: auth.ActorUserID(ctx),
		})
		if err != nil {
			return fmt.Errorf("admin: update content of product %d: %w", id, err)
		}
		if food == nil {
			if err := q.DeleteFoodInfo(ctx, id); err != nil {
				return fmt.Errorf("admin: delete food information of product %d: %w", id, err)
			}
		} else {
			food.ProductID = id
			food.UpdatedBy = auth.ActorUserID(ctx)
			if _, err := q.UpsertFoodInfo(ctx, *food); err != nil {
				return fmt.Errorf("admin: save food information of product %d: %w", id, err)
			}
		}
		if out, err = readContent(ctx, q, product); err != nil {
			return err
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "product.content", "product:"+strconv.FormatInt(id, 10), before, out)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductContentResponse{Content: out}), nil
}

// readContent reads p's food information and maps both to the contract.
func readContent(ctx context.Context, q *db.Queries, p db.Product) (*saboresv1.ProductContent, error) {
	out := &saboresv1.ProductContent{
		ProductId: p.ID, NameEs: p.Name, NamePt: p.NamePt, DescriptionEs: p.Description,
		DescriptionPt: p.DescriptionPt, IsFood: p.IsFood, Flags: productcontent.Flags(p),
	}
	f, err := q.GetFoodInfo(ctx, p.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("admin: read food information of product %d: %w", p.ID, err)
	}
	out.FoodInfo = &saboresv1.AdminFoodInfo{
		IngredientsEs: f.IngredientsEs, IngredientsPt: f.IngredientsPt,
		Contains:    productcontent.AllergensToProto(f.Contains),
		MayContain:  productcontent.AllergensToProto(f.MayContain),
		NetQuantity: f.NetQuantity, NetUnit: productcontent.UnitToProto(f.NetUnit),
		StorageEs: f.StorageEs, StoragePt: f.StoragePt, Nutrition: productcontent.NutritionToProto(f),
		OperatorName: f.OperatorName, OperatorAddress: f.OperatorAddress,
	}
	if f.DrainedWeightG != nil {
		out.FoodInfo.DrainedWeightG = *f.DrainedWeightG
	}
	if f.AbvBasisPoints != nil {
		out.FoodInfo.AbvBasisPoints = *f.AbvBasisPoints
	}
	return out, nil
}

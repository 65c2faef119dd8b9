package adminproductapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/foodinfo"
	"github.com/sabores/sabores/backend/internal/productcontent"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// GetProductContent returns a product's texts in both languages, its legal
// flags and its food or safety information (catalogue.Service.Content).
func (h *Handler) GetProductContent(ctx context.Context, req *connect.Request[saboresv1.GetProductContentRequest]) (*connect.Response[saboresv1.GetProductContentResponse], error) {
	c, err := h.products.Content(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetProductContentResponse{Content: contentToProto(c)}), nil
}

// UpdateProductContent replaces a product's content as a whole
// (catalogue.Service.UpdateContent).
func (h *Handler) UpdateProductContent(ctx context.Context, req *connect.Request[saboresv1.UpdateProductContentRequest]) (*connect.Response[saboresv1.UpdateProductContentResponse], error) {
	in := req.Msg.GetContent()
	out, err := h.products.UpdateContent(ctx, auth.Caller(ctx), in.GetProductId(), contentOf(in))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductContentResponse{Content: contentToProto(out)}), nil
}

// contentOf is the form's content for the catalogue module.
func contentOf(in *saboresv1.ProductContent) catalogue.Content {
	flags := in.GetFlags()
	c := catalogue.Content{
		ProductID: in.GetProductId(), NameEs: in.GetNameEs(), NamePt: in.GetNamePt(),
		DescriptionEs: in.GetDescriptionEs(), DescriptionPt: in.GetDescriptionPt(), IsFood: in.GetIsFood(),
		Flags: catalogue.Flags{Frozen: flags.GetFrozen(), Perishable: flags.GetPerishable(),
			SealedHygiene: flags.GetSealedHygiene(), AgeRestricted: flags.GetAgeRestricted()},
	}
	if sf := in.GetSafety(); sf != nil {
		c.Safety = &catalogue.Safety{
			ManufacturerName: sf.GetManufacturerName(), ManufacturerAddress: sf.GetManufacturerAddress(),
			ManufacturerContact: sf.GetManufacturerContact(), ManufacturerCountry: sf.GetManufacturerCountry(),
			ResponsibleName: sf.GetResponsibleName(), ResponsibleAddress: sf.GetResponsibleAddress(),
			ResponsibleContact: sf.GetResponsibleContact(), WarningsEs: sf.GetWarningsEs(), WarningsPt: sf.GetWarningsPt(),
		}
	}
	f := in.GetFoodInfo()
	if f == nil {
		return c
	}
	c.Food = &catalogue.FoodInfo{
		IngredientsEs: f.GetIngredientsEs(), IngredientsPt: f.GetIngredientsPt(),
		Contains:    productcontent.AllergenCodes(f.GetContains()),
		MayContain:  productcontent.AllergenCodes(f.GetMayContain()),
		NetQuantity: f.GetNetQuantity(), NetUnit: productcontent.UnitFromProto(f.GetNetUnit()),
		DrainedWeightG: f.GetDrainedWeightG(), StorageEs: f.GetStorageEs(), StoragePt: f.GetStoragePt(),
		AbvBasisPoints: f.GetAbvBasisPoints(), OperatorName: f.GetOperatorName(), OperatorAddress: f.GetOperatorAddress(),
	}
	if n := f.GetNutrition(); n != nil {
		c.Food.Nutrition = &catalogue.Nutrition{
			EnergyKj: n.GetEnergyKj(), EnergyKcal: n.GetEnergyKcal(), FatMg: n.GetFatMg(), SaturatesMg: n.GetSaturatesMg(),
			CarbohydrateMg: n.GetCarbohydrateMg(), SugarsMg: n.GetSugarsMg(), ProteinMg: n.GetProteinMg(), SaltMg: n.GetSaltMg(),
		}
	}
	return c
}

// contentToProto maps a product's content to the contract.
func contentToProto(c catalogue.Content) *saboresv1.ProductContent {
	out := &saboresv1.ProductContent{
		ProductId: c.ProductID, NameEs: c.NameEs, NamePt: c.NamePt, DescriptionEs: c.DescriptionEs,
		DescriptionPt: c.DescriptionPt, IsFood: c.IsFood,
		Flags: &saboresv1.ProductFlags{Frozen: c.Flags.Frozen, Perishable: c.Flags.Perishable,
			SealedHygiene: c.Flags.SealedHygiene, AgeRestricted: c.Flags.AgeRestricted},
	}
	if sf := c.Safety; sf != nil {
		out.Safety = &saboresv1.AdminProductSafety{
			ManufacturerName: sf.ManufacturerName, ManufacturerAddress: sf.ManufacturerAddress,
			ManufacturerContact: sf.ManufacturerContact, ManufacturerCountry: sf.ManufacturerCountry,
			ResponsibleName: sf.ResponsibleName, ResponsibleAddress: sf.ResponsibleAddress,
			ResponsibleContact: sf.ResponsibleContact, WarningsEs: sf.WarningsEs, WarningsPt: sf.WarningsPt,
		}
	}
	f := c.Food
	if f == nil {
		return out
	}
	out.FoodInfo = &saboresv1.AdminFoodInfo{
		IngredientsEs: f.IngredientsEs, IngredientsPt: f.IngredientsPt,
		Contains:    productcontent.AllergensToProto(foodinfo.Stored(f.Contains)),
		MayContain:  productcontent.AllergensToProto(foodinfo.Stored(f.MayContain)),
		NetQuantity: f.NetQuantity, NetUnit: productcontent.UnitToProto(string(f.NetUnit)),
		DrainedWeightG: f.DrainedWeightG, StorageEs: f.StorageEs, StoragePt: f.StoragePt,
		AbvBasisPoints: f.AbvBasisPoints, OperatorName: f.OperatorName, OperatorAddress: f.OperatorAddress,
	}
	if n := f.Nutrition; n != nil {
		out.FoodInfo.Nutrition = &saboresv1.Nutrition{
			EnergyKj: n.EnergyKj, EnergyKcal: n.EnergyKcal, FatMg: n.FatMg, SaturatesMg: n.SaturatesMg,
			CarbohydrateMg: n.CarbohydrateMg, SugarsMg: n.SugarsMg, ProteinMg: n.ProteinMg, SaltMg: n.SaltMg,
		}
	}
	return out
}

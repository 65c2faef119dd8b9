package seed

// The sample catalogue of the spec, as data. Prices are euro cents with VAT
// included (Spanish retail), VAT in basis points: 400 for basic foods
// (flours, legumes, cheese), 1000 for other food, coffee and infusions, 2100
// for sugary soft drinks, alcohol, beauty and perfumes.

// country is one shop country as the home grid and country pages show it.
type country struct {
	slug, name, namePt, flag, background string
	showOnHome                           bool
	aliases                              []string
}

// countries lists the ten home tiles in their order, then Angola, which has
// a page but no tile.
var countries = []country{
	{"brasil", "Brasil", "Brasil", "🇧🇷", "from-green-500 to-yellow-400", true, nil},
	{"colombia", "Colombia", "Colômbia", "🇨🇴", "from-yellow-400 to-blue-600", true, nil},
	{"cabo-verde", "Cabo Verde", "Cabo Verde", "🇨🇻", "from-blue-600 to-red-500", true, nil},
	{"peru", "Perú", "Peru", "🇵🇪", "from-red-600 to-red-400", true, []string{"Peru"}},
	{"argentina", "Argentina", "Argentina", "🇦🇷", "from-sky-400 to-sky-200", true, nil},
	{"republica-dominicana", "República Dominicana", "República Dominicana", "🇩🇴", "from-blue-700 to-red-600", true,
		[]string{"Republica Dominicana", "Rep. Dominicana", "República Dominicana"}},
	{"venezuela", "Venezuela", "Venezuela", "🇻🇪", "from-yellow-400 via-blue-600 to-red-600", true, nil},
	{"uruguai", "Uruguay", "Uruguai", "🇺🇾", "from-sky-500 to-blue-200", true, []string{"Uruguai"}},
	{"cuba", "Cuba", "Cuba", "🇨🇺", "from-blue-700 to-red-500", true, nil},
	{"senegal", "Senegal", "Senegal", "🇸🇳", "from-green-600 via-yellow-400 to-red-600", true, nil},
	{"angola", "Angola", "Angola", "🇦🇴", "from-red-700 to-gray-900", false, nil},
}

// product is one sample product. Ids are assigned per country range in list
// order (brasil 1001, 1002, ...).
type product struct {
	name, brand, category, description string
	priceCents                         int64
	vat                                int32
	stock                              int32
	online                             []string
}

const (
	launch  = "lanzamientos"
	popular = "populares"
)

// countryProducts holds each country's products with the first id of its
// range; the empty slug is the general range (beauty and perfumes, sold
// everywhere, no country).
var countryProducts = []struct {
	slug    string
	firstID int64
	codes   string
	items   []product
}{
	{"brasil", 1001, "BR", []product{
		{"Guaraná Antarctica 350 ml", "Antarctica", "bebidas", "El refresco de guaraná más popular de Brasil, afrutado y con burbujas finas.", 279, 2100, 48, []string{popular}},
		{"Pão de Queijo congelado 1 kg", "Forno de Minas", "congelados", "Panecillos de queso de Minas Gerais listos para hornear en 20 minutos.", 899, 1000, 25, []string{popular}},
		{"Açaí congelado 400 g", "Frooty", "congelados", "Pulpa de açaí de la Amazonía, ideal para bowls con granola y plátano.", 749, 1000, 7, []string{launch}},
		{"Farofa de Mandioca Temperada 250 g", "Yoki", "alimentos", "Harina de mandioca tostada con especias, acompañante clásico de la feijoada.", 349, 1000, 30, nil},
		{"Brigadeiro Gourmet (caja de 12)", "Brigaderia", "doces", "Bombones de chocolate y leche condensada cubiertos de fideos de chocolate.", 1295, 1000, 0, []string{launch}},
		{"Feijão Preto 1 kg", "Camil", "alimentos", "Frijol negro seleccionado, la base de la feijoada brasileña.", 399, 400, 40, nil},
		{"Leite Condensado Moça 395 g", "Nestlé", "doces", "Leche condensada para brigadeiros, pudins y postres caseros.", 329, 1000, 60, nil},
		{"Paçoca de Amendoim (50 unidades)", "Santa Helena", "doces", "Dulce tradicional de cacahuete molido y azúcar que se deshace en la boca.", 649, 1000, 15, nil},
		{"Goiabada Cascão 300 g", "Predilecta", "doces", "Dulce de guayaba en bloque, perfecto con queso fresco (Romeo y Julieta).", 459, 1000, 9, nil},
		{"Requeijão Cremoso 200 g", "Catupiry", "alimentos", "Queso crema untable brasileño; se vende solo en tienda por la cadena de frío.", 529, 1000, 12, nil},
	}},
	{"colombia", 2001, "CO", []product{
		{"Café de Colombia Supremo 500 g", "Juan Valdez", "bebidas", "Café 100 % arábica de grano supremo, tostado medio con notas de caramelo.", 949, 1000, 22, []string{popular}},
		{"Arequipe 500 g", "Alpina", "doces", "Dulce de leche colombiano, cremoso y suave, para untar o rellenar obleas.", 599, 1000, 14, nil},
		{"Panela en bloque 500 g", "Doña Panela", "alimentos", "Azúcar integral de caña para aguapanela y postres tradicionales.", 249, 1000, 40, nil},
		{"Bocadillo Veleño 500 g", "Veleño", "doces", "Dulce de guayaba envuelto en hoja de bijao, típico de Vélez (Santander).", 399, 1000, 5, nil},
		{"Pandebono congelado (10 unidades)", "Santa Clara", "congelados", "Panecillos de almidón de yuca y queso, crujientes por fuera y tiernos por dentro.", 699, 1000, 18, []string{launch}},
	}},
	{"cabo-verde", 3001, "CV", []product{
		{"Cachupa Mix 1 kg", "Ilha Brava", "alimentos", "Mezcla de maíz y frijoles para preparar la cachupa, el plato nacional caboverdiano.", 649, 400, 16, nil},
		{"Grogue de Santo Antão 70 cl", "Ribeira Grande", "bebidas", "Aguardiente de caña de azúcar destilado de forma artesanal en Santo Antão.", 1899, 2100, 8, nil},
		{"Doce de Papaia 350 g", "Ilha Brava", "doces", "Dulce de papaya verde cocida lentamente con azúcar y canela.", 449, 1000, 10, nil},
		{"Café do Fogo 250 g", "Chã das Caldeiras", "bebidas", "Café cultivado en las laderas del volcán de la isla de Fogo.", 899, 1000, 0, nil},
	}},
	{"angola", 4001, "AO", []product{
		{"Fuba de Milho para Funge 1 kg", "Kifuba", "alimentos", "Harina de maíz fina para preparar funge, acompañante de moambas y calulú.", 299, 400, 35, nil},
		{"Óleo de Palma (Dendém) 500 ml", "Kikuxi", "alimentos", "Aceite de palma rojo para la moamba de galinha.", 549, 1000, 11, nil},
		{"Cerveja Cuca 330 ml", "Cuca", "bebidas", "La cerveza rubia más conocida de Angola, ligera y refrescante.", 189, 2100, 50, []string{launch}},
	}},
	{"peru", 5001, "PE", []product{
		{"Inca Kola 500 ml", "Inca Kola", "bebidas", "La bebida dorada del Perú, con su inconfundible sabor a hierba luisa.", 229, 2100, 42, []string{popular}},
		{"Ají Amarillo en pasta 212 g", "Alacena", "alimentos", "Pasta de ají amarillo para ají de gallina, causa y papa a la huancaína.", 389, 1000, 27, nil},
		{"Pisco Quebranta 70 cl", "Tabernero", "bebidas", "Pisco puro de uva quebranta, la base del pisco sour.", 2450, 2100, 6, nil},
		{"Quinua Real 500 g", "Inca's Food", "alimentos", "Quinua blanca del altiplano andino, lavada y lista para cocinar.", 449, 400, 19, nil},
	}},
	{"argentina", 6001, "AR", []product{
		{"Yerba Mate Taragüí 1 kg", "Taragüí", "bebidas", "Yerba mate con palo de Corrientes, sabor intenso y duradero.", 899, 1000, 33, []string{popular}},
		{"Dulce de Leche Clásico 400 g", "La Serenísima", "doces", "Dulce de leche tradicional argentino para alfajores, panqueques o a cucharadas.", 489, 1000, 24, nil},
		{"Alfajores Havanna (6 unidades)", "Havanna", "doces", "Alfajores de Mar del Plata rellenos de dulce de leche y bañados en chocolate.", 1150, 1000, 3, []string{launch}},
		{"Empanadas de carne congeladas (12 unidades)", "La Salteña", "congelados", "Empanadas criollas de carne cortada a cuchillo, listas para el horno.", 1299, 1000, 9, nil},
	}},
	{"republica-dominicana", 7001, "DO", []product{
		{"Mamajuana 70 cl", "Kalembu", "bebidas", "Bebida dominicana de ron, vino y miel macerados con raíces y cortezas.", 2199, 2100, 7, nil},
		{"Habichuelas con Dulce 425 g", "La Famosa", "doces", "Postre cremoso de habichuelas rojas con leche de coco y especias.", 349, 1000, 13, nil},
		{"Café Santo Domingo 454 g", "Induban", "bebidas", "El café molido de todas las casas dominicanas, tueste intenso.", 999, 1000, 21, nil},
	}},
	{"venezuela", 8001, "VE", []product{
		{"Harina P.A.N. Blanca 1 kg", "Harina P.A.N.", "alimentos", "Harina de maíz blanco precocida para arepas, hallacas y empanadas.", 299, 400, 80, []string{popular}},
		{"Maltín Polar 355 ml", "Polar", "bebidas", "Malta sin alcohol, dulce y tostada, la favorita de Venezuela.", 179, 2100, 44, nil},
		{"Queso Llanero 500 g", "Los Andes", "alimentos", "Queso blanco duro y salado para rallar sobre arepas y cachapas.", 749, 400, 2, nil},
		{"Tequeños congelados (20 unidades)", "Tequeños Express", "congelados", "Palitos de masa rellenos de queso blanco, para freír u hornear.", 899, 1000, 15, []string{launch}},
		{"Cocosette 50 g", "Nestlé", "doces", "Galleta de coco con crema; retirada de la venta por el proveedor.", 129, 1000, 30, nil},
	}},
	{"uruguai", 9001, "UY", []product{
		{"Yerba Mate Canarias 1 kg", "Canarias", "bebidas", "Yerba mate brasileña molida fina, la más tomada en Uruguay.", 949, 1000, 18, nil},
		{"Dulce de Membrillo 400 g", "Los Nietitos", "doces", "Dulce de membrillo para el postre vigilante con queso.", 379, 1000, 12, nil},
		{"Grappamiel 70 cl", "Vesubio", "bebidas", "Grappa con miel, la bebida de los inviernos uruguayos.", 1550, 2100, 4, nil},
	}},
	{"cuba", 10001, "CU", []product{
		{"Ron Havana Club 3 Años 70 cl", "Havana Club", "bebidas", "Ron blanco añejo cubano, imprescindible para mojitos y daiquiris.", 1699, 2100, 16, nil},
		{"Café Cubita 250 g", "Cubita", "bebidas", "Café de las montañas de Cuba, tueste oscuro para la cafetera italiana.", 699, 1000, 9, nil},
		{"Pulpa de Tamarindo 400 g", "La Fe", "congelados", "Pulpa congelada de tamarindo para refrescos y salsas agridulces.", 499, 1000, 11, nil},
	}},
	{"senegal", 11001, "SN", []product{
		{"Bissap (flor de hibisco) 200 g", "Saveurs du Sénégal", "bebidas", "Flores secas de hibisco para preparar el bissap, bebida nacional de Senegal.", 399, 1000, 28, []string{launch}},
		{"Sazonador Thieboudienne 100 g", "Adja", "alimentos", "Mezcla de especias para el thieboudienne, arroz con pescado senegalés.", 299, 1000, 20, nil},
		{"Zumo de Baobab (Bouye) 1 L", "Kirène", "bebidas", "Bebida de fruta de baobab, cremosa y ligeramente ácida.", 459, 2100, 6, nil},
	}},
	{"", 12001, "GN", []product{
		{"Manteca de Karité pura 200 ml", "Ekos", "beleza", "Manteca de karité sin refinar para piel y cabello secos.", 1490, 2100, 19, nil},
		{"Perfume Kaiak Eau de Toilette 100 ml", "Natura", "perfumes", "Fragancia masculina fresca y acuática de Natura.", 3990, 2100, 8, []string{popular}},
		{"Perfume Malbec Eau de Toilette 100 ml", "O Boticário", "perfumes", "Fragancia amaderada envejecida en barricas de roble, de O Boticário.", 4590, 2100, 0, []string{launch}},
	}},
}

// Product ids that the rest of the seed (and tests) single out.
const (
	guaranaID      = 1001
	paoDeQueijoID  = 1002
	acaiID         = 1003
	farofaID       = 1004
	requeijaoID    = 1010 // physical store only: never online
	cafeColombiaID = 2001
	arequipeID     = 2002
	grogueID       = 3002
	incaKolaID     = 5001
	yerbaTaraguiID = 6001
	dulceLecheID   = 6002
	mamajuanaID    = 7001
	harinaPanID    = 8001
	cocosetteID    = 8005 // its only country row is hidden: never online
	yerbaCanarias  = 9001
	bissapID       = 11001
	kaiakID        = 12002
)

// visibilityOverride is a country row that differs from the default
// (visible in the product's own country, channel both).
type visibilityOverride struct {
	productID int64
	country   string
	visible   bool
	channel   string
}

var visibilityOverrides = []visibilityOverride{
	{requeijaoID, "brasil", true, "physical"},
	{cocosetteID, "venezuela", false, "both"},
	// Farofa is also listed in Cabo Verde's shop but hidden there.
	{farofaID, "cabo-verde", false, "both"},
	// Harina P.A.N. is as much Colombian as Venezuelan.
	{harinaPanID, "colombia", true, "both"},
	{guaranaID, "brasil", true, "online"},
	{acaiID, "brasil", true, "online"},
	{cafeColombiaID, "colombia", true, "online"},
	{bissapID, "senegal", true, "online"},
	{grogueID, "cabo-verde", true, "physical"},
	{grogueID, "angola", true, "online"},
}

// pricePoint is a past price of a product, daysAgo days before seeding.
type pricePoint struct {
	daysAgo    int
	priceCents int64
}

// priceChanges are the products whose price moved in the last month. For
// Guaraná and Café de Colombia the moves fall inside the 30 days before
// their promotion starts, so the "lowest price in the previous 30 days"
// (249 and 849) differs from the price the promotion is taken from. The last
// point is the current price; the first is the day the product was listed.
var priceChanges = map[int64][]pricePoint{
	guaranaID:      {{150, 249}, {20, 279}},
	paoDeQueijoID:  {{155, 849}, {15, 899}},
	cafeColombiaID: {{160, 899}, {25, 849}, {10, 949}},
	arequipeID:     {{165, 549}, {12, 599}},
}

// promotion is a seeded promotion; start and end are days from seeding
// (nil: open).
type promotion struct {
	productID       int64
	active          bool
	startDays       *int
	endDays         *int
	discountBP      *int32
	fixedPriceCents *int64
}

func days(n int) *int      { return &n }
func bp(n int32) *int32    { return &n }
func cents(n int64) *int64 { return &n }

var promotions = []promotion{
	{guaranaID, true, days(-2), days(5), bp(1500), nil},      // current, ends in 5 days
	{acaiID, true, days(-5), nil, nil, cents(599)},           // current fixed price, open end
	{cafeColombiaID, true, days(-1), days(6), bp(2000), nil}, // current
	{bissapID, true, days(-4), days(3), bp(3000), nil},       // current
	{kaiakID, true, days(-7), days(7), nil, cents(3490)},     // current, general product
	{yerbaCanarias, true, nil, nil, bp(500), nil},            // current, no dates at all
	{incaKolaID, true, days(-30), days(-10), bp(1000), nil},  // expired
	{dulceLecheID, true, days(3), days(10), nil, cents(399)}, // future
	{mamajuanaID, false, days(-3), nil, bp(2500), nil},       // inactive
	{requeijaoID, true, days(-2), days(5), bp(1000), nil},    // current but the product is not sold online
}

package seed

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// The sample catalogue's Portuguese texts, legal flags and food information
// (EU Regulation 1169/2011, art. 9), so a new shop shows the feature at once.
// Allergens are emphasised in the ingredients with **…** and must agree
// with contains (TestSampleFoodInformationIsConsistent checks it with the
// same rule the back office applies).

// importer is the food business operator of the imported sample foods: the
// shop's importer, as the labels of imported food name it.
const (
	importer        = "Sabores Importaciones S.L."
	importerAddress = "Calle de Embajadores 112, 28045 Madrid (España)"
)

// Storage conditions used by many sample products.
var (
	dryES    = "Consérvese en lugar fresco y seco, protegido de la luz."
	dryPT    = "Conservar em local fresco e seco, ao abrigo da luz."
	frozenES = "Consérvese congelado a -18 °C o menos. Una vez descongelado, no volver a congelar."
	frozenPT = "Conservar congelado a -18 °C ou menos. Depois de descongelado, não voltar a congelar."
	openES   = "Una vez abierto, consérvese refrigerado y consúmase en 5 días."
	openPT   = "Depois de aberto, conservar no frigorífico e consumir em 5 dias."
)

// flags are a sample product's legal flags.
type flags struct{ nonFood, frozen, perishable, sealed, adult bool }

// nutrition is per 100 g or ml: kJ, kcal, then fat, saturates,
// carbohydrate, sugars, protein and salt in milligrams.
type nutrition [8]int32

// food is a sample product's food information.
type food struct {
	ingES, ingPT      string
	contains, traces  []string
	quantity          int64
	unit              string
	drained           int64
	storeES, storePT  string
	nutrition         *nutrition
	abvBP             int32
	operator, address string
}

// content is what a sample product says beyond its Spanish texts.
type content struct {
	namePT, descPT string
	flags          flags
	food           *food
}

func n(v nutrition) *nutrition { return &v }

var sampleContent = map[int64]content{
	1001: {"Guaraná Antarctica 350 ml", "O refrigerante de guaraná mais popular do Brasil, frutado e com gás fino.", flags{}, &food{
		"Agua carbonatada, azúcar, extracto de guaraná (0,02 %), acidulante ácido cítrico, conservador benzoato sódico, colorante caramelo.",
		"Água gaseificada, açúcar, extrato de guaraná (0,02 %), acidulante ácido cítrico, conservante benzoato de sódio, corante caramelo.",
		nil, nil, 350, "ml", 0, "Consérvese en lugar fresco y seco. Servir frío.", "Conservar em local fresco e seco. Servir gelado.",
		n(nutrition{163, 39, 0, 0, 9800, 9800, 0, 10}), 0, "Ambev S.A.", "Rua Dr. Renato Paes de Barros 1017, São Paulo (Brasil)"}},
	1002: {"Pão de Queijo congelado 1 kg", "Pãezinhos de queijo de Minas Gerais prontos a assar em 20 minutos.", flags{frozen: true, perishable: true}, &food{
		"Fécula de mandioca, **queso** (25 %), **huevo**, aceite de girasol, **leche**, sal.",
		"Polvilho de mandioca, **queijo** (25 %), **ovo**, óleo de girassol, **leite**, sal.",
		[]string{"eggs", "milk"}, []string{"gluten"}, 1000, "kg", 0, frozenES, frozenPT,
		n(nutrition{1180, 282, 12000, 5100, 37000, 1200, 6100, 1300}), 0, "Forno de Minas Alimentos S.A.", "Rodovia BR 040 km 688, Contagem, Minas Gerais (Brasil)"}},
	1003: {"Açaí congelado 400 g", "Polpa de açaí da Amazónia, ideal para bowls com granola e banana.", flags{frozen: true, perishable: true}, &food{
		"Pulpa de açaí (90 %), azúcar, jarabe de guaraná.", "Polpa de açaí (90 %), açúcar, xarope de guaraná.",
		nil, nil, 400, "g", 0, frozenES, frozenPT,
		n(nutrition{410, 98, 4100, 900, 14000, 11000, 900, 20}), 0, "Frooty Comércio de Alimentos Ltda.", "Av. Marquês de São Vicente 576, São Paulo (Brasil)"}},
	1004: {"Farofa de Mandioca Temperada 250 g", "Farinha de mandioca torrada com especiarias, acompanhamento clássico da feijoada.", flags{}, &food{
		"Harina de mandioca tostada, aceite vegetal, sal, cebolla deshidratada, ajo, bacon ahumado, especias.",
		"Farinha de mandioca torrada, óleo vegetal, sal, cebola desidratada, alho, bacon defumado, especiarias.",
		nil, []string{"gluten", "soybeans"}, 250, "g", 0, dryES, dryPT,
		n(nutrition{1650, 394, 9000, 2200, 74000, 1000, 1800, 2100}), 0, importer, importerAddress}},
	1005: {"Brigadeiro Gourmet (caixa de 12)", "Bombons de chocolate e leite condensado cobertos de granulado de chocolate.", flags{perishable: true}, &food{
		"**Leche** condensada, cacao en polvo, **mantequilla**, fideos de chocolate (azúcar, cacao, emulsionante lecitina de **soja**).",
		"**Leite** condensado, cacau em pó, **manteiga**, granulado de chocolate (açúcar, cacau, emulsionante lecitina de **soja**).",
		[]string{"milk", "soybeans"}, []string{"nuts", "gluten"}, 12, "units", 0, "Consérvese refrigerado entre 0 y 5 °C.", "Conservar refrigerado entre 0 e 5 °C.",
		n(nutrition{1750, 418, 15000, 9000, 64000, 58000, 6900, 200}), 0, "Brigaderia Doces Finos Ltda.", "Rua Augusta 1500, São Paulo (Brasil)"}},
	1006: {"Feijão Preto 1 kg", "Feijão preto selecionado, a base da feijoada brasileira.", flags{}, &food{
		"Frijol negro.", "Feijão preto.", nil, nil, 1000, "kg", 0,
		dryES + " Dejar en remojo 12 horas antes de cocer.", dryPT + " Deixar de molho 12 horas antes de cozinhar.",
		n(nutrition{1400, 333, 1300, 300, 45000, 2100, 21000, 10}), 0, "Camil Alimentos S.A.", "Av. Macedo Soares 1500, São Paulo (Brasil)"}},
	1007: {"Leite Condensado Moça 395 g", "Leite condensado para brigadeiros, pudins e sobremesas caseiras.", flags{}, &food{
		"**Leche** entera, azúcar, lactosa (**leche**).", "**Leite** integral, açúcar, lactose (**leite**).",
		[]string{"milk"}, nil, 395, "g", 0, dryES + " " + openES, dryPT + " " + openPT,
		n(nutrition{1355, 321, 8000, 5000, 55000, 55000, 7400, 300}), 0, "Nestlé España S.A.", "Calle Clara Campoamor 2, 08950 Esplugues de Llobregat (España)"}},
	1008: {"Paçoca de Amendoim (50 unidades)", "Doce tradicional de amendoim moído e açúcar que se desfaz na boca.", flags{}, &food{
		"**Cacahuete** tostado (55 %), azúcar, harina de mandioca, sal.", "**Amendoim** torrado (55 %), açúcar, farinha de mandioca, sal.",
		[]string{"peanuts"}, []string{"nuts"}, 50, "units", 0, dryES, dryPT,
		n(nutrition{2000, 478, 24000, 4300, 53000, 38000, 14000, 300}), 0, "Santa Helena Indústria de Alimentos S.A.", "Rua José Tavares 420, Ribeirão Preto (Brasil)"}},
	1009: {"Goiabada Cascão 300 g", "Doce de goiaba em bloco, perfeito com queijo fresco (Romeu e Julieta).", flags{}, &food{
		"Guayaba, azúcar, pectina, acidulante ácido cítrico.", "Goiaba, açúcar, pectina, acidulante ácido cítrico.",
		nil, nil, 300, "g", 0, dryES, dryPT, n(nutrition{1100, 260, 100, 0, 65000, 60000, 400, 10}), 0, importer, importerAddress}},
	1010: {"Requeijão Cremoso 200 g", "Requeijão cremoso brasileiro; vende-se só na loja pela cadeia de frio.", flags{perishable: true}, &food{
		"**Leche** pasteurizada, **nata**, sal, cloruro cálcico, fermentos lácticos.", "**Leite** pasteurizado, **nata**, sal, cloreto de cálcio, fermentos lácteos.",
		[]string{"milk"}, nil, 200, "g", 0, "Consérvese refrigerado entre 1 y 8 °C.", "Conservar refrigerado entre 1 e 8 °C.",
		n(nutrition{1090, 263, 25000, 16000, 3000, 3000, 9000, 1200}), 0, "Catupiry Ltda.", "Rua Alfredo Pujol 1010, São Paulo (Brasil)"}},
	2001: {"Café da Colômbia Supremo 500 g", "Café 100 % arábica de grão supremo, torra média com notas de caramelo.", flags{}, &food{
		"Café tostado en grano 100 % arábica.", "Café torrado em grão 100 % arábica.", nil, nil, 500, "g", 0,
		"Una vez abierto, consérvese en un recipiente hermético.", "Depois de aberto, conservar num recipiente hermético.",
		nil, 0, "Procafecol S.A. (Juan Valdez)", "Calle 73 n.º 8-13, Bogotá (Colombia)"}},
	2002: {"Arequipe 500 g", "Doce de leite colombiano, cremoso e suave, para barrar ou rechear.", flags{}, &food{
		"**Leche** entera, azúcar, glucosa, bicarbonato sódico.", "**Leite** integral, açúcar, glucose, bicarbonato de sódio.",
		[]string{"milk"}, nil, 500, "g", 0, dryES + " " + openES, dryPT + " " + openPT,
		n(nutrition{1330, 315, 7000, 4500, 56000, 52000, 6500, 200}), 0, "Alpina Productos Alimenticios S.A.", "Km 3 vía Briceño-Sopó, Cundinamarca (Colombia)"}},
	2003: {"Panela em bloco 500 g", "Açúcar integral de cana para aguapanela e sobremesas tradicionais.", flags{}, &food{
		"Jugo de caña de azúcar deshidratado.", "Sumo de cana-de-açúcar desidratado.", nil, nil, 500, "g", 0, dryES, dryPT,
		n(nutrition{1600, 380, 100, 0, 95000, 90000, 400, 30}), 0, importer, importerAddress}},
	2004: {"Bocadillo Veleño 500 g", "Doce de goiaba envolto em folha de bijao, típico de Vélez (Santander).", flags{}, nil},
	2005: {"Pandebono congelado (10 unidades)", "Pãezinhos de amido de mandioca e queijo, estaladiços por fora e tenros por dentro.", flags{frozen: true, perishable: true}, &food{
		"Almidón de yuca, **queso** costeño (30 %), harina de maíz, **huevo**, azúcar, sal.",
		"Amido de mandioca, **queijo** costeño (30 %), farinha de milho, **ovo**, açúcar, sal.",
		[]string{"milk", "eggs"}, []string{"gluten"}, 10, "units", 0, frozenES, frozenPT,
		n(nutrition{1230, 294, 11000, 6000, 40000, 3000, 8000, 1100}), 0, "Santa Clara Alimentos S.A.S.", "Carrera 50 n.º 12-40, Medellín (Colombia)"}},
	3001: {"Cachupa Mix 1 kg", "Mistura de milho e feijões para preparar a cachupa, o prato nacional cabo-verdiano.", flags{}, &food{
		"Maíz blanco descascarillado (60 %), frijol pinto, haba, frijol congo.", "Milho branco descascado (60 %), feijão catarino, fava, feijão congo.",
		nil, nil, 1000, "kg", 0, dryES, dryPT, n(nutrition{1450, 343, 1500, 200, 62000, 1500, 13000, 20}), 0, importer, importerAddress}},
	3002: {"Grogue de Santo Antão 70 cl", "Aguardente de cana-de-açúcar destilada de forma artesanal em Santo Antão.", flags{adult: true}, &food{
		"", "", nil, nil, 700, "l", 0, "Consérvese en posición vertical, lejos de la luz.", "Conservar na vertical, longe da luz.",
		nil, 4500, "Destilaria Ribeira Grande", "Ribeira Grande, Santo Antão (Cabo Verde)"}},
	3003: {"Doce de Papaia 350 g", "Doce de papaia verde cozida lentamente com açúcar e canela.", flags{}, &food{
		"Papaya verde (55 %), azúcar, canela, clavo.", "Papaia verde (55 %), açúcar, canela, cravinho.", nil, nil, 350, "g", 0,
		dryES + " " + openES, dryPT + " " + openPT, n(nutrition{1050, 250, 100, 0, 61000, 58000, 500, 10}), 0, importer, importerAddress}},
	3004: {"Café do Fogo 250 g", "Café cultivado nas encostas do vulcão da ilha do Fogo.", flags{}, nil},
	4001: {"Fuba de Milho para Funge 1 kg", "Farinha de milho fina para preparar funge.", flags{}, &food{
		"Harina de maíz blanco.", "Farinha de milho branco.", nil, []string{"gluten"}, 1000, "kg", 0, dryES, dryPT,
		n(nutrition{1500, 355, 1500, 200, 76000, 600, 8000, 10}), 0, importer, importerAddress}},
	4002: {"Óleo de Palma (Dendém) 500 ml", "Óleo de palma vermelho para a moamba de galinha.", flags{}, &food{
		"Aceite de palma rojo sin refinar.", "Óleo de palma vermelho não refinado.", nil, nil, 500, "ml", 0, dryES, dryPT,
		n(nutrition{3700, 900, 100000, 50000, 0, 0, 0, 0}), 0, importer, importerAddress}},
	4003: {"Cerveja Cuca 330 ml", "A cerveja loura mais conhecida de Angola, leve e refrescante.", flags{adult: true}, &food{
		"Agua, malta de **cebada**, maíz, lúpulo.", "Água, malte de **cevada**, milho, lúpulo.",
		[]string{"gluten"}, nil, 330, "ml", 0, "Consérvese en lugar fresco. Servir fría.", "Conservar em local fresco. Servir fresca.",
		n(nutrition{180, 43, 0, 0, 3300, 200, 400, 10}), 450, "Cuca BGI S.A.", "Rua Cónego Manuel das Neves, Luanda (Angola)"}},
	5001: {"Inca Kola 500 ml", "A bebida dourada do Peru, com o seu inconfundível sabor a erva-luísa.", flags{}, &food{
		"Agua carbonatada, azúcar, acidulante ácido cítrico, aromas, colorante tartracina, conservador benzoato sódico.",
		"Água gaseificada, açúcar, acidulante ácido cítrico, aromas, corante tartrazina, conservante benzoato de sódio.",
		nil, nil, 500, "ml", 0, "Consérvese en lugar fresco y seco. Servir frío.", "Conservar em local fresco e seco. Servir gelado.",
		n(nutrition{185, 44, 0, 0, 11000, 11000, 0, 20}), 0, importer, importerAddress}},
	5002: {"Ají Amarelo em pasta 212 g", "Pasta de ají amarelo para ají de gallina, causa e ceviches.", flags{}, &food{
		"Ají amarillo (85 %), agua, sal, aceite vegetal, acidulante ácido cítrico, conservador sorbato potásico.",
		"Ají amarelo (85 %), água, sal, óleo vegetal, acidulante ácido cítrico, conservante sorbato de potássio.",
		nil, []string{"celery"}, 212, "g", 0, dryES + " " + openES, dryPT + " " + openPT,
		n(nutrition{250, 60, 2500, 300, 7000, 3000, 1300, 2500}), 0, "Alicorp S.A.A.", "Av. Argentina 4793, Callao (Perú)"}},
	5003: {"Pisco Quebranta 70 cl", "Pisco puro de uva quebranta, a base do pisco sour.", flags{adult: true}, &food{
		"", "", nil, nil, 700, "l", 0, "Consérvese en posición vertical, lejos de la luz.", "Conservar na vertical, longe da luz.",
		nil, 4100, "Viña Tabernero S.A.C.", "Panamericana Sur km 200, Chincha (Perú)"}},
	5004: {"Quinoa Real 500 g", "Quinoa branca do altiplano andino, lavada e pronta a cozinhar.", flags{}, &food{
		"Quinua real.", "Quinoa real.", nil, []string{"gluten"}, 500, "g", 0, dryES, dryPT,
		n(nutrition{1540, 368, 6100, 700, 64000, 0, 14000, 10}), 0, importer, importerAddress}},
	6001: {"Erva-Mate Taragüí 1 kg", "Erva-mate com pau de Corrientes, sabor intenso e duradouro.", flags{}, &food{
		"Yerba mate elaborada con palo.", "Erva-mate elaborada com pau.", nil, nil, 1000, "kg", 0, dryES, dryPT,
		nil, 0, "Establecimiento Las Marías S.A.C.I.F.A.", "Gobernador Virasoro, Corrientes (Argentina)"}},
	6002: {"Doce de Leite Clássico 400 g", "Doce de leite tradicional argentino para alfajores e panquecas.", flags{}, &food{
		"**Leche** entera, azúcar, glucosa, bicarbonato sódico, aroma de vainilla.", "**Leite** integral, açúcar, glucose, bicarbonato de sódio, aroma de baunilha.",
		[]string{"milk"}, nil, 400, "g", 0, dryES + " " + openES, dryPT + " " + openPT,
		n(nutrition{1320, 314, 7000, 4400, 55000, 50000, 6800, 250}), 0, "Mastellone Hnos. S.A.", "Almirante Brown 957, General Rodríguez (Argentina)"}},
	6003: {"Alfajores Havanna (6 unidades)", "Alfajores de Mar del Plata recheados de doce de leite e cobertos de chocolate.", flags{}, &food{
		"Dulce de **leche** (40 %), harina de **trigo**, cobertura de chocolate (azúcar, manteca de cacao, **leche** en polvo, lecitina de **soja**), azúcar, **huevo**, **mantequilla**.",
		"Doce de **leite** (40 %), farinha de **trigo**, cobertura de chocolate (açúcar, manteiga de cacau, **leite** em pó, lecitina de **soja**), açúcar, **ovo**, **manteiga**.",
		[]string{"milk", "gluten", "soybeans", "eggs"}, []string{"nuts", "peanuts"}, 6, "units", 0, dryES, dryPT,
		n(nutrition{1850, 441, 18000, 10000, 63000, 42000, 6000, 300}), 0, "Havanna S.A.", "Av. Juan B. Justo 1950, Mar del Plata (Argentina)"}},
	6004: {"Empanadas de carne congeladas (12 unidades)", "Empanadas crioulas de carne, prontas para o forno.", flags{frozen: true, perishable: true}, &food{
		"Harina de **trigo**, carne de vacuno (25 %), cebolla, grasa vacuna, **huevo**, pimentón, comino, sal.",
		"Farinha de **trigo**, carne de vaca (25 %), cebola, gordura de vaca, **ovo**, pimentão, cominhos, sal.",
		[]string{"gluten", "eggs"}, []string{"milk", "soybeans"}, 12, "units", 0, frozenES + " Hornear sin descongelar 25 minutos a 200 °C.", frozenPT + " Levar ao forno sem descongelar 25 minutos a 200 °C.",
		n(nutrition{1050, 251, 11000, 5000, 28000, 2000, 9500, 1100}), 0, "La Salteña S.A.", "Av. Pres. Perón 3600, San Justo (Argentina)"}},
	7001: {"Mamajuana 70 cl", "Bebida dominicana de rum, vinho e mel macerados com raízes e cascas.", flags{adult: true}, &food{
		"Ron, vino tinto (contiene **sulfitos**), miel, raíces y cortezas (bohuco pega palo, clavo dulce, canela).",
		"Rum, vinho tinto (contém **sulfitos**), mel, raízes e cascas (bohuco pega palo, cravinho, canela).",
		[]string{"sulphites"}, nil, 700, "l", 0, "Consérvese en posición vertical, lejos de la luz.", "Conservar na vertical, longe da luz.",
		nil, 3000, "Kalembu Dominicana S.R.L.", "Av. Abraham Lincoln 1003, Santo Domingo (República Dominicana)"}},
	7002: {"Habichuelas com Doce 425 g", "Sobremesa cremosa de feijão vermelho com leite de coco e especiarias.", flags{}, &food{
		"Habichuelas rojas, **leche** evaporada, leche de coco, azúcar, batata, pasas, canela, clavo.",
		"Feijão vermelho, **leite** evaporado, leite de coco, açúcar, batata-doce, passas, canela, cravinho.",
		[]string{"milk"}, nil, 425, "g", 0, dryES + " " + openES, dryPT + " " + openPT,
		n(nutrition{540, 128, 3000, 2200, 21000, 14000, 3500, 100}), 0, importer, importerAddress}},
	7003: {"Café Santo Domingo 454 g", "O café moído de todas as casas dominicanas, torra média.", flags{}, nil},
	8001: {"Farinha P.A.N. Branca 1 kg", "Farinha de milho branco pré-cozida para arepas, hallacas e bolinhos.", flags{}, &food{
		"Harina de maíz blanco precocida, hierro, vitaminas B1, B2 y niacina.", "Farinha de milho branco pré-cozida, ferro, vitaminas B1, B2 e niacina.",
		nil, nil, 1000, "kg", 0, dryES, dryPT, n(nutrition{1500, 354, 1500, 200, 76000, 500, 7000, 10}), 0,
		"Alimentos Polar Comercial C.A.", "2.ª Av. de Los Cortijos de Lourdes, Caracas (Venezuela)"}},
	8002: {"Maltin Polar 355 ml", "Malte sem álcool, doce e torrado, o favorito da Venezuela.", flags{}, &food{
		"Agua, malta de **cebada**, azúcar, jarabe de glucosa, lúpulo, colorante caramelo.", "Água, malte de **cevada**, açúcar, xarope de glucose, lúpulo, corante caramelo.",
		[]string{"gluten"}, nil, 355, "ml", 0, "Consérvese en lugar fresco. Servir frío.", "Conservar em local fresco. Servir gelado.",
		n(nutrition{290, 69, 0, 0, 16500, 12000, 500, 30}), 0, "Cervecería Polar C.A.", "2.ª Av. de Los Cortijos de Lourdes, Caracas (Venezuela)"}},
	8003: {"Queijo Llanero 500 g", "Queijo branco duro e salgado para ralar sobre arepas e cachapas.", flags{perishable: true}, &food{
		"**Leche** pasteurizada de vaca, sal, cuajo, fermentos lácticos.", "**Leite** pasteurizado de vaca, sal, coalho, fermentos lácteos.",
		[]string{"milk"}, nil, 500, "g", 0, "Consérvese refrigerado entre 1 y 6 °C.", "Conservar refrigerado entre 1 e 6 °C.",
		n(nutrition{1250, 300, 22000, 14000, 2000, 0, 22000, 3500}), 0, "Lácteos Los Andes C.A.", "Zona Industrial La Victoria, Aragua (Venezuela)"}},
	8004: {"Tequeños congelados (20 unidades)", "Palitos de massa recheados de queijo branco, para fritar ou assar.", flags{frozen: true, perishable: true}, &food{
		"Harina de **trigo**, **queso** blanco (40 %), **mantequilla**, **huevo**, azúcar, sal.",
		"Farinha de **trigo**, **queijo** branco (40 %), **manteiga**, **ovo**, açúcar, sal.",
		[]string{"gluten", "milk", "eggs"}, nil, 20, "units", 0, frozenES + " Freír sin descongelar 4 minutos a 180 °C.", frozenPT + " Fritar sem descongelar 4 minutos a 180 °C.",
		n(nutrition{1250, 299, 14000, 8000, 30000, 2000, 12000, 1200}), 0, importer, importerAddress}},
	8005: {"Cocosette 50 g", "Bolacha de coco com creme; retirada de venda pelo fornecedor.", flags{}, nil},
	9001: {"Erva-Mate Canarias 1 kg", "Erva-mate brasileira moída fina, a mais bebida no Uruguai.", flags{}, &food{
		"Yerba mate.", "Erva-mate.", nil, nil, 1000, "kg", 0, dryES, dryPT, nil, 0,
		"Canarias S.A.", "Ruta 101 km 28, Canelones (Uruguay)"}},
	9002: {"Doce de Marmelo 400 g", "Doce de marmelo para a sobremesa vigilante com queijo.", flags{}, &food{
		"Pulpa de membrillo (55 %), azúcar, gelificante pectina, acidulante ácido cítrico.", "Polpa de marmelo (55 %), açúcar, gelificante pectina, acidulante ácido cítrico.",
		nil, nil, 400, "g", 0, dryES, dryPT, n(nutrition{1070, 252, 100, 0, 62000, 58000, 300, 10}), 0, importer, importerAddress}},
	9003: {"Grappamiel 70 cl", "Grappa com mel, a bebida dos invernos uruguaios.", flags{adult: true}, &food{
		"Grappa, miel, azúcar.", "Grappa, mel, açúcar.", nil, nil, 700, "l", 0, "Consérvese en posición vertical, lejos de la luz.", "Conservar na vertical, longe da luz.",
		nil, 3000, "Vesubio S.A.", "Camino Carrasco 5500, Montevideo (Uruguay)"}},
	10001: {"Rum Havana Club 3 Anos 70 cl", "Rum branco envelhecido cubano, indispensável para mojitos e daiquiris.", flags{adult: true}, &food{
		"", "", nil, nil, 700, "l", 0, "Consérvese en posición vertical, lejos de la luz.", "Conservar na vertical, longe da luz.",
		nil, 4000, "Havana Club International S.A.", "Calle 200 n.º 1707, La Habana (Cuba)"}},
	10002: {"Café Cubita 250 g", "Café das montanhas de Cuba, torra escura para a cafeteira italiana.", flags{}, &food{
		"Café tostado molido 100 % arábica.", "Café torrado moído 100 % arábica.", nil, nil, 250, "g", 0,
		"Una vez abierto, consérvese en un recipiente hermético.", "Depois de aberto, conservar num recipiente hermético.",
		nil, 0, importer, importerAddress}},
	10003: {"Polpa de Tamarindo 400 g", "Polpa congelada de tamarindo para refrescos e molhos agridoces.", flags{frozen: true, perishable: true}, &food{
		"Pulpa de tamarindo (100 %).", "Polpa de tamarindo (100 %).", nil, nil, 400, "g", 0, frozenES, frozenPT,
		n(nutrition{1000, 239, 600, 300, 57000, 38000, 2800, 30}), 0, importer, importerAddress}},
	11001: {"Bissap (flor de hibisco) 200 g", "Flores secas de hibisco para preparar o bissap, fresco ou quente.", flags{}, &food{
		"Flores secas de hibisco (100 %).", "Flores secas de hibisco (100 %).", nil, nil, 200, "g", 0,
		dryES + " Infusionar 10 minutos en agua hirviendo.", dryPT + " Infundir 10 minutos em água a ferver.",
		nil, 0, "Saveurs du Sénégal SARL", "Route de Rufisque km 4, Dakar (Senegal)"}},
	11002: {"Tempero Thieboudienne 100 g", "Mistura de especiarias para o thieboudienne, arroz com peixe senegalês.", flags{}, &food{
		"Sal, cebolla, ajo, pimienta, laurel, **pescado** seco (guedj), **apio**.", "Sal, cebola, alho, pimenta, louro, **peixe** seco (guedj), **aipo**.",
		[]string{"fish", "celery"}, []string{"mustard"}, 100, "g", 0, dryES, dryPT,
		nil, 0, "Adja Industries SA", "Zone Industrielle de Mbao, Dakar (Senegal)"}},
	11003: {"Sumo de Baobá (Bouye) 1 L", "Bebida de fruto de baobá, cremosa e ligeiramente ácida.", flags{perishable: true}, &food{
		"Agua, pulpa de baobab (20 %), azúcar, **leche** en polvo, aroma de vainilla.", "Água, polpa de baobá (20 %), açúcar, **leite** em pó, aroma de baunilha.",
		[]string{"milk"}, nil, 1000, "l", 0, "Consérvese refrigerado. Una vez abierto, consúmase en 3 días.", "Conservar refrigerado. Depois de aberto, consumir em 3 dias.",
		n(nutrition{360, 86, 600, 400, 19000, 16000, 1000, 50}), 0, "Kirène SA", "Pout, Thiès (Senegal)"}},
	12001: {"Manteiga de Karité pura 200 ml", "Manteiga de karité não refinada para pele e cabelo secos.", flags{nonFood: true, sealed: true}, nil},
	12002: {"Perfume Kaiak Eau de Toilette 100 ml", "Fragrância masculina fresca e aquática da Natura.", flags{nonFood: true, sealed: true}, nil},
	12003: {"Perfume Malbec Eau de Toilette 100 ml", "Fragrância amadeirada envelhecida em barris de carvalho.", flags{nonFood: true, sealed: true}, nil},
}

// sampleContents writes the Portuguese texts, flags and food information
// of the sample products; like the rest of the seed, it leaves what an
// admin has written alone.
func sampleContents(ctx context.Context, q *db.Queries) error {
	for id, c := range sampleContent {
		err := q.SeedProductContent(ctx, db.SeedProductContentParams{
			ID: id, NamePt: c.namePT, DescriptionPt: c.descPT, IsFood: !c.flags.nonFood, Frozen: c.flags.frozen,
			Perishable: c.flags.perishable, SealedHygiene: c.flags.sealed, AgeRestricted: c.flags.adult,
		})
		if err != nil {
			return fmt.Errorf("content of product %d: %w", id, err)
		}
		if c.food == nil {
			continue
		}
		if err := q.SeedFoodInfo(ctx, foodParams(id, *c.food)); err != nil {
			return fmt.Errorf("food information of product %d: %w", id, err)
		}
	}
	return nil
}

// foodParams is f as SeedFoodInfo stores it.
func foodParams(id int64, f food) db.SeedFoodInfoParams {
	p := db.SeedFoodInfoParams{
		ProductID: id, IngredientsEs: f.ingES, IngredientsPt: f.ingPT, Contains: nonNil(f.contains),
		MayContain: nonNil(f.traces), NetQuantity: f.quantity, NetUnit: f.unit, StorageEs: f.storeES,
		StoragePt: f.storePT, OperatorName: f.operator, OperatorAddress: f.address,
	}
	if f.drained > 0 {
		p.DrainedWeightG = &f.drained
	}
	if f.abvBP > 0 {
		p.AbvBasisPoints = &f.abvBP
	}
	if v := f.nutrition; v != nil {
		p.EnergyKj, p.EnergyKcal, p.FatMg, p.SaturatesMg = &v[0], &v[1], &v[2], &v[3]
		p.CarbohydrateMg, p.SugarsMg, p.ProteinMg, p.SaltMg = &v[4], &v[5], &v[6], &v[7]
	}
	return p
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

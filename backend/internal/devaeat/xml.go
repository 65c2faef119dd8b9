package devaeat

import "encoding/xml"

// The request: what the stand-in reads of it.

type envelope struct {
	Body struct {
		Reg      *regFactu `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd RegFactuSistemaFacturacion"`
		Consulta *consulta `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/ConsultaLR.xsd ConsultaFactuSistemaFacturacion"`
	} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Body"`
}

type regFactu struct {
	Cabecera struct {
		Nombre string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd ObligadoEmision>NombreRazon"`
		NIF    string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd ObligadoEmision>NIF"`
	} `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd Cabecera"`
	Registros []registro `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd RegistroFactura"`
}

type registro struct {
	Alta      *altaIn      `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd RegistroAlta"`
	Anulacion *anulacionIn `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd RegistroAnulacion"`
}

type idIn struct {
	NIF   string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd IDEmisorFactura"`
	Num   string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd NumSerieFactura"`
	Fecha string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd FechaExpedicionFactura"`
}

type idAnuladaIn struct {
	NIF   string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd IDEmisorFacturaAnulada"`
	Num   string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd NumSerieFacturaAnulada"`
	Fecha string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd FechaExpedicionFacturaAnulada"`
}

type chainIn struct {
	Primer   string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd PrimerRegistro"`
	Anterior struct {
		Huella string `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd Huella"`
	} `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd RegistroAnterior"`
}

type altaIn struct {
	ID            idIn    `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd IDFactura"`
	Subsanacion   string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd Subsanacion"`
	RechazoPrevio string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd RechazoPrevio"`
	Tipo          string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd TipoFactura"`
	CuotaTotal    string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd CuotaTotal"`
	ImporteTotal  string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd ImporteTotal"`
	Chain         chainIn `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd Encadenamiento"`
	FechaHora     string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd FechaHoraHusoGenRegistro"`
	Huella        string  `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd Huella"`
}

type anulacionIn struct {
	ID            idAnuladaIn `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd IDFactura"`
	RechazoPrevio string      `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd RechazoPrevio"`
	Huella        string      `xml:"https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd Huella"`
}

// The answer, with the prefixes of the AEAT's own examples (tikR, tik).

type soapAnswer struct {
	XMLName xml.Name `xml:"env:Envelope"`
	Xmlns   string   `xml:"xmlns:env,attr"`
	Body    soapBody `xml:"env:Body"`
}

type soapBody struct {
	Respuesta respuesta `xml:"tikR:RespuestaRegFactuSistemaFacturacion"`
}

type respuesta struct {
	XmlnsR       string        `xml:"xmlns:tikR,attr"`
	XmlnsI       string        `xml:"xmlns:tik,attr"`
	CSV          string        `xml:"tikR:CSV,omitempty"`
	Presentacion *presentacion `xml:"tikR:DatosPresentacion,omitempty"`
	Cabecera     cabecera      `xml:"tikR:Cabecera"`
	Espera       string        `xml:"tikR:TiempoEsperaEnvio"`
	EstadoEnvio  string        `xml:"tikR:EstadoEnvio"`
	Lineas       []line        `xml:"tikR:RespuestaLinea"`
}

type presentacion struct {
	NIF       string `xml:"tik:NIFPresentador"`
	Timestamp string `xml:"tik:TimestampPresentacion"`
}

type cabecera struct {
	Nombre string `xml:"tik:ObligadoEmision>tik:NombreRazon"`
	NIF    string `xml:"tik:ObligadoEmision>tik:NIF"`
}

type ident struct {
	NIF   string `xml:"tik:IDEmisorFactura"`
	Num   string `xml:"tik:NumSerieFactura"`
	Fecha string `xml:"tik:FechaExpedicionFactura"`
}

type operacion struct {
	Tipo          string `xml:"tik:TipoOperacion"`
	Subsanacion   string `xml:"tik:Subsanacion,omitempty"`
	RechazoPrevio string `xml:"tik:RechazoPrevio,omitempty"`
}

type duplicado struct {
	ID     string `xml:"tik:IdPeticionRegistroDuplicado"`
	Estado string `xml:"tik:EstadoRegistroDuplicado"`
}

type line struct {
	ID     ident      `xml:"tikR:IDFactura"`
	Op     operacion  `xml:"tikR:Operacion"`
	Estado string     `xml:"tikR:EstadoRegistro"`
	Code   int        `xml:"tikR:CodigoErrorRegistro,omitempty"`
	Text   string     `xml:"tikR:DescripcionErrorRegistro,omitempty"`
	Dup    *duplicado `xml:"tikR:RegistroDuplicado,omitempty"`
}

// The query (ConsultaLR.xsd) and its answer (RespuestaConsultaLR.xsd).

type consulta struct {
	// Matched by local name: the header's and filter's fields are of
	// SuministroInformacion.xsd's namespace, their parents of ConsultaLR.xsd's.
	NIF    string `xml:"Cabecera>ObligadoEmision>NIF"`
	Nombre string `xml:"Cabecera>ObligadoEmision>NombreRazon"`
	Filtro struct {
		Ejercicio string `xml:"PeriodoImputacion>Ejercicio"`
		Periodo   string `xml:"PeriodoImputacion>Periodo"`
		Clave     *idIn  `xml:"ClavePaginacion"`
	} `xml:"FiltroConsulta"`
}

type soapConsultaAnswer struct {
	XMLName xml.Name         `xml:"env:Envelope"`
	Xmlns   string           `xml:"xmlns:env,attr"`
	Body    soapConsultaBody `xml:"env:Body"`
}

type soapConsultaBody struct {
	Respuesta respuestaConsulta `xml:"tikLRRC:RespuestaConsultaFactuSistemaFacturacion"`
}

type respuestaConsulta struct {
	XmlnsR     string            `xml:"xmlns:tikLRRC,attr"`
	XmlnsI     string            `xml:"xmlns:tik,attr"`
	Cabecera   consultaCabecera  `xml:"tikLRRC:Cabecera"`
	Ejercicio  string            `xml:"tikLRRC:PeriodoImputacion>tikLRRC:Ejercicio"`
	Periodo    string            `xml:"tikLRRC:PeriodoImputacion>tikLRRC:Periodo"`
	Paginacion string            `xml:"tikLRRC:IndicadorPaginacion"`
	Resultado  string            `xml:"tikLRRC:ResultadoConsulta"`
	Registros  []registroConsult `xml:"tikLRRC:RegistroRespuestaConsultaFactuSistemaFacturacion"`
	Clave      *ident            `xml:"tikLRRC:ClavePaginacion,omitempty"`
}

type consultaCabecera struct {
	Version string `xml:"tik:IDVersion"`
	Nombre  string `xml:"tik:ObligadoEmision>tik:NombreRazon"`
	NIF     string `xml:"tik:ObligadoEmision>tik:NIF"`
}

type registroConsult struct {
	ID     ident  `xml:"tikLRRC:IDFactura"`
	Tipo   string `xml:"tikLRRC:DatosRegistroFacturacion>tikLRRC:TipoFactura"`
	Total  string `xml:"tikLRRC:DatosRegistroFacturacion>tikLRRC:ImporteTotal"`
	Fecha  string `xml:"tikLRRC:DatosRegistroFacturacion>tikLRRC:FechaHoraHusoGenRegistro"`
	Huella string `xml:"tikLRRC:DatosRegistroFacturacion>tikLRRC:Huella"`
	Ultima string `xml:"tikLRRC:EstadoRegistro>tikLRRC:TimestampUltimaModificacion"`
	Estado string `xml:"tikLRRC:EstadoRegistro>tikLRRC:EstadoRegistro"`
}

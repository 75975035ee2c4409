import type { AiJobType } from "./ai-result";

// The built-in estimator's price catalog: for each of the nine trades, the tasks it
// recognises in a job description (keyword patterns), and for each task the materials,
// services, fees and labour hours it takes per unit of work. Prices are typical US
// national averages in integer cents (supplier price plus a usual markup for
// materials, billed hourly rates for labour); they are starting points for a
// contractor to adjust, and the reasoning of every suggestion says so.
//
// Patterns run on the description lower-cased, with accents removed and thousands
// separators dropped ("1,200" reads "1200"), so they are written that way, in English
// and Spanish.

export interface Text {
  en: string;
  es: string;
}

export type UnitId =
  | "each"
  | "hour"
  | "sqft"
  | "lf"
  | "gallon"
  | "square"
  | "cuyd"
  | "job"
  | "lb"
  | "sheet"
  | "zone"
  | "day"
  | "load"
  | "room"
  | "visit"
  | "set";

export const UNITS: Record<UnitId, Text> = {
  each: { en: "each", es: "unidad" },
  hour: { en: "hour", es: "hora" },
  sqft: { en: "sq ft", es: "pie²" },
  lf: { en: "linear ft", es: "pie lineal" },
  gallon: { en: "gallon", es: "galón" },
  square: { en: "square (100 sq ft)", es: "cuadro (100 pie²)" },
  cuyd: { en: "cu yd", es: "yarda³" },
  job: { en: "job", es: "trabajo" },
  lb: { en: "lb", es: "lb" },
  sheet: { en: "sheet", es: "plancha" },
  zone: { en: "zone", es: "zona" },
  day: { en: "day", es: "día" },
  load: { en: "load", es: "carga" },
  room: { en: "room", es: "habitación" },
  visit: { en: "visit", es: "visita" },
  set: { en: "set", es: "juego" },
};

export type ItemKind = "material" | "equipment" | "service" | "fee";

export interface CatalogItem {
  kind: ItemKind;
  name: Text;
  unit: UnitId;
  /** Typical US price per unit, in cents. */
  price: number;
  /** Labour hours one unit of a service takes (crew time), for the time estimate: [numerator, denominator]. */
  hours?: Ratio;
  /** The price depends on the customer's choice (fixtures, finishes): it is an allowance. */
  allowance?: boolean;
}

/** A quantity per unit of work as a fraction, so 1 gallon per 150 sq ft stays exact. */
export type Ratio = readonly [number, number];

export interface TaskLine {
  /** A catalog item; without one, the line is the trade's labour (in hours). */
  item?: string;
  /** Item units (or labour hours) per unit of the task's measure. */
  per?: Ratio;
  /** A quantity in hundredths whatever the size of the task. */
  fixed?: number;
  /** Rounds the quantity up: to whole units, halves or quarter hours. */
  round?: "whole" | "half" | "quarter";
  /** One line for the whole estimate, however many tasks ask for it (permits, dumpsters). */
  once?: boolean;
  /** Only when the description matches (or does not match) this. */
  when?: RegExp;
  unless?: RegExp;
  note?: Text;
  /** Tells two labour lines of one task apart ("tear-off"). */
  label?: Text;
}

export type Measure =
  | { kind: "count"; noun: { en: readonly [string, string]; es: readonly [string, string] } }
  | { kind: "area" }
  | { kind: "squares" }
  | { kind: "length" }
  | { kind: "job" };

export interface Variant {
  /** Reads the size from the description; group 1 is the number. */
  read: RegExp;
  default: number;
  unit: Text;
  options: readonly { size: number; lines: readonly TaskLine[] }[];
}

export interface CatalogTask {
  id: string;
  name: Text;
  match: RegExp;
  measure: Measure;
  /** The task's size when the description gives none (in units of its measure). */
  default: number;
  lines: readonly TaskLine[];
  variant?: Variant;
  /** Reads the area or length the nearest task also uses, instead of taking it for itself. */
  shareMeasure?: boolean;
  /** Several different words each count one (living room + kitchen = 2 rooms). */
  countDistinct?: boolean;
  /** Not this task when the description also says this (staining a deck is not building one). */
  skipIf?: RegExp;
  /** Not this task when one of these already matched. */
  unlessTasks?: readonly string[];
  /** When another trade borrows the task, the description must also say this. */
  needs?: RegExp;
}

export interface Trade {
  labor: { name: Text; rate: number };
  tasks: readonly CatalogTask[];
  /** What the estimator suggests when no task matched: a visit and a labour placeholder. */
  fallback: readonly TaskLine[];
  risk: Text;
}

const count = (en: readonly [string, string], es: readonly [string, string]): Measure => ({ kind: "count", noun: { en, es } });
const AREA: Measure = { kind: "area" };
const LENGTH: Measure = { kind: "length" };
const SQUARES: Measure = { kind: "squares" };
const JOB: Measure = { kind: "job" };
const one = (item: string, extra: Partial<TaskLine> = {}): TaskLine => ({ item, per: [1, 1], ...extra });
const labor = (num: number, den = 1, extra: Partial<TaskLine> = {}): TaskLine => ({
  per: [num, den],
  round: "quarter",
  ...extra,
});
const once = (item: string, extra: Partial<TaskLine> = {}): TaskLine => ({ item, fixed: 100, once: true, ...extra });

const WASTE_10: Text = { en: "Includes 10% for cuts and waste.", es: "Incluye un 10% por cortes y desperdicio." };
const WASTE_5: Text = { en: "Includes 5% for cuts and waste.", es: "Incluye un 5% por cortes y desperdicio." };
const WASTE_15: Text = { en: "Includes 15% for cuts, pattern and breakage.", es: "Incluye un 15% por cortes, diseño y roturas." };
const ALLOWANCE: Text = {
  en: "An allowance: the final price follows the customer's choice.",
  es: "Es una partida estimada: el precio final depende de lo que elija el cliente.",
};
const PERMIT_NOTE: Text = {
  en: "Fees vary by city and county; check with the local building department.",
  es: "Las tasas varían según la ciudad y el condado; consulte con el departamento de obras local.",
};
const TEAR_OFF: Text = { en: "tear-off", es: "retiro" };
const GAS = /\bgas\b|propan/;
/** Remodels price their own fixtures and trade work: the single-item tasks stay out of them. */
const REMODELS = ["bath-remodel", "kitchen-remodel"] as const;

export const ITEMS: Record<string, CatalogItem> = {
  // Electrical
  receptacle: {
    kind: "material",
    name: {
      en: "Tamper-resistant duplex receptacle with cover plate, 15 A",
      es: "Tomacorriente dúplex a prueba de manipulación con placa, 15 A",
    },
    unit: "each",
    price: 600,
  },
  gfci: {
    kind: "material",
    name: { en: "GFCI receptacle with cover plate, 20 A", es: "Tomacorriente GFCI con placa, 20 A" },
    unit: "each",
    price: 2800,
  },
  switch: {
    kind: "material",
    name: { en: "Single-pole switch with cover plate", es: "Interruptor sencillo con placa" },
    unit: "each",
    price: 500,
  },
  dimmer: {
    kind: "material",
    name: { en: "LED-compatible dimmer switch", es: "Regulador de intensidad compatible con LED" },
    unit: "each",
    price: 2800,
  },
  fixture: {
    kind: "material",
    name: { en: "Light fixture (allowance)", es: "Lámpara o luminaria (partida estimada)" },
    unit: "each",
    price: 9000,
    allowance: true,
  },
  recessed: {
    kind: "material",
    name: { en: "LED recessed light, 6 in. canless wafer", es: "Luz empotrada LED de 6 pulg., tipo oblea" },
    unit: "each",
    price: 2500,
  },
  "cable-14": { kind: "material", name: { en: "14/2 NM-B cable", es: "Cable NM-B 14/2" }, unit: "lf", price: 85 },
  "cable-12": { kind: "material", name: { en: "12/2 NM-B cable", es: "Cable NM-B 12/2" }, unit: "lf", price: 110 },
  "cable-6": { kind: "material", name: { en: "6/3 NM-B cable", es: "Cable NM-B 6/3" }, unit: "lf", price: 350 },
  fan: {
    kind: "material",
    name: { en: "Ceiling fan (allowance)", es: "Ventilador de techo (partida estimada)" },
    unit: "each",
    price: 16000,
    allowance: true,
  },
  "fan-box": {
    kind: "material",
    name: { en: "Fan-rated ceiling box and brace", es: "Caja de techo con soporte para ventilador" },
    unit: "each",
    price: 1500,
  },
  "breaker-20": {
    kind: "material",
    name: { en: "20 A single-pole circuit breaker", es: "Interruptor termomagnético de 20 A, un polo" },
    unit: "each",
    price: 1400,
  },
  "breaker-50": {
    kind: "material",
    name: { en: "50 A double-pole circuit breaker", es: "Interruptor termomagnético de 50 A, dos polos" },
    unit: "each",
    price: 4500,
  },
  "ev-receptacle": {
    kind: "material",
    name: { en: "NEMA 14-50 receptacle with weatherproof cover", es: "Tomacorriente NEMA 14-50 con tapa a la intemperie" },
    unit: "each",
    price: 3500,
  },
  "panel-100": {
    kind: "material",
    name: { en: "100 A main breaker load center", es: "Tablero eléctrico de 100 A con interruptor principal" },
    unit: "each",
    price: 18000,
  },
  "panel-150": {
    kind: "material",
    name: { en: "150 A main breaker load center", es: "Tablero eléctrico de 150 A con interruptor principal" },
    unit: "each",
    price: 25000,
  },
  "panel-200": {
    kind: "material",
    name: {
      en: "200 A main breaker load center, 40 spaces",
      es: "Tablero eléctrico de 200 A con interruptor principal, 40 espacios",
    },
    unit: "each",
    price: 35000,
  },
  "panel-400": {
    kind: "material",
    name: { en: "400 A meter-main service panel", es: "Tablero de servicio de 400 A con base de medidor" },
    unit: "each",
    price: 120000,
  },
  "panel-kit": {
    kind: "material",
    name: {
      en: "Branch breakers, grounding and panel hardware",
      es: "Interruptores derivados, puesta a tierra y accesorios del tablero",
    },
    unit: "set",
    price: 25000,
  },
  "subpanel-60": { kind: "material", name: { en: "60 A subpanel", es: "Subtablero de 60 A" }, unit: "each", price: 9000 },
  "subpanel-100": { kind: "material", name: { en: "100 A subpanel", es: "Subtablero de 100 A" }, unit: "each", price: 15000 },
  "subpanel-125": { kind: "material", name: { en: "125 A subpanel", es: "Subtablero de 125 A" }, unit: "each", price: 19000 },
  feeder: {
    kind: "material",
    name: { en: "Feeder cable, 2-2-2-4 aluminum SER", es: "Cable alimentador SER de aluminio 2-2-2-4" },
    unit: "lf",
    price: 450,
  },
  "rewire-materials": {
    kind: "material",
    name: { en: "Wire, boxes and devices for rewiring", es: "Cable, cajas y dispositivos para recablear" },
    unit: "sqft",
    price: 110,
  },
  "access-patch": {
    kind: "material",
    name: { en: "Drywall patching of access holes", es: "Resane de los huecos de acceso en el tablaroca" },
    unit: "sqft",
    price: 25,
  },
  "transfer-switch": {
    kind: "material",
    name: { en: "Generator transfer switch, 200 A", es: "Interruptor de transferencia para generador, 200 A" },
    unit: "each",
    price: 45000,
  },
  interlock: {
    kind: "material",
    name: { en: "Generator inlet box and interlock kit", es: "Caja de entrada y kit de enclavamiento para generador" },
    unit: "each",
    price: 25000,
  },
  generator: {
    kind: "material",
    name: { en: "Standby generator, 22 kW air-cooled", es: "Generador de respaldo de 22 kW enfriado por aire" },
    unit: "each",
    price: 550000,
  },
  "generator-pad": {
    kind: "material",
    name: { en: "Generator mounting pad", es: "Base para el generador" },
    unit: "each",
    price: 15000,
  },
  smoke: {
    kind: "material",
    name: { en: "Hardwired smoke and CO combination alarm", es: "Alarma combinada de humo y CO cableada" },
    unit: "each",
    price: 4800,
  },
  surge: {
    kind: "material",
    name: { en: "Whole-house surge protector", es: "Protector contra sobretensiones para toda la casa" },
    unit: "each",
    price: 12000,
  },
  "service-electrical": {
    kind: "service",
    name: { en: "Electrical service call and diagnosis", es: "Visita de servicio eléctrico y diagnóstico" },
    unit: "job",
    price: 12500,
    hours: [1, 1],
  },
  "utility-reconnect": {
    kind: "fee",
    name: {
      en: "Utility disconnect and reconnect coordination",
      es: "Coordinación de desconexión y reconexión con la compañía eléctrica",
    },
    unit: "job",
    price: 15000,
  },
  "permit-electrical": {
    kind: "fee",
    name: { en: "Electrical permit and inspection", es: "Permiso e inspección eléctrica" },
    unit: "each",
    price: 17500,
  },

  // Plumbing
  "wh-gas-30": {
    kind: "material",
    name: { en: "30-gallon gas water heater", es: "Calentador de agua a gas de 30 galones" },
    unit: "each",
    price: 65000,
  },
  "wh-gas-40": {
    kind: "material",
    name: { en: "40-gallon gas water heater", es: "Calentador de agua a gas de 40 galones" },
    unit: "each",
    price: 75000,
  },
  "wh-gas-50": {
    kind: "material",
    name: { en: "50-gallon gas water heater", es: "Calentador de agua a gas de 50 galones" },
    unit: "each",
    price: 90000,
  },
  "wh-gas-75": {
    kind: "material",
    name: { en: "75-gallon gas water heater", es: "Calentador de agua a gas de 75 galones" },
    unit: "each",
    price: 180000,
  },
  "wh-electric-30": {
    kind: "material",
    name: { en: "30-gallon electric water heater", es: "Calentador de agua eléctrico de 30 galones" },
    unit: "each",
    price: 52000,
  },
  "wh-electric-40": {
    kind: "material",
    name: { en: "40-gallon electric water heater", es: "Calentador de agua eléctrico de 40 galones" },
    unit: "each",
    price: 60000,
  },
  "wh-electric-50": {
    kind: "material",
    name: { en: "50-gallon electric water heater", es: "Calentador de agua eléctrico de 50 galones" },
    unit: "each",
    price: 70000,
  },
  "wh-electric-75": {
    kind: "material",
    name: { en: "75-gallon electric water heater", es: "Calentador de agua eléctrico de 75 galones" },
    unit: "each",
    price: 130000,
  },
  "wh-kit": {
    kind: "material",
    name: {
      en: "Water heater install kit: connectors, valve, expansion tank",
      es: "Kit de instalación del calentador: conexiones, válvula, tanque de expansión",
    },
    unit: "set",
    price: 14000,
  },
  "wh-haul": {
    kind: "service",
    name: { en: "Haul-away of the old water heater", es: "Retiro del calentador viejo" },
    unit: "each",
    price: 7500,
  },
  tankless: {
    kind: "material",
    name: {
      en: "Tankless water heater, 199,000 BTU condensing",
      es: "Calentador de agua instantáneo de condensación, 199,000 BTU",
    },
    unit: "each",
    price: 130000,
  },
  "tankless-vent": {
    kind: "material",
    name: {
      en: "Tankless venting, gas and water connection kit",
      es: "Kit de ventilación y conexiones de gas y agua del calentador instantáneo",
    },
    unit: "set",
    price: 25000,
  },
  "repipe-materials": {
    kind: "material",
    name: { en: "PEX pipe, fittings and valves for repiping", es: "Tubería PEX, conexiones y válvulas para recambio de tubería" },
    unit: "sqft",
    price: 160,
  },
  "sewer-pipe": {
    kind: "material",
    name: { en: "4 in. PVC sewer pipe and fittings", es: "Tubería de drenaje PVC de 4 pulg. y conexiones" },
    unit: "lf",
    price: 1800,
  },
  "excavator-day": {
    kind: "equipment",
    name: { en: "Mini excavator rental", es: "Renta de miniexcavadora" },
    unit: "day",
    price: 40000,
  },
  "drain-cleaning": {
    kind: "service",
    name: { en: "Drain cleaning with cable machine, per drain", es: "Destape de drenaje con máquina de cable, por drenaje" },
    unit: "each",
    price: 17500,
    hours: [1, 1],
  },
  "leak-materials": {
    kind: "material",
    name: { en: "Pipe repair fittings and materials", es: "Conexiones y materiales para reparar tubería" },
    unit: "each",
    price: 4500,
  },
  toilet: {
    kind: "material",
    name: { en: "Two-piece elongated toilet (standard grade)", es: "Inodoro alargado de dos piezas (calidad estándar)" },
    unit: "each",
    price: 28000,
  },
  "toilet-kit": {
    kind: "material",
    name: { en: "Wax ring, closet bolts and supply line", es: "Anillo de cera, pernos y manguera de alimentación" },
    unit: "each",
    price: 2500,
  },
  faucet: {
    kind: "material",
    name: { en: "Faucet, mid-range (allowance)", es: "Grifo de gama media (partida estimada)" },
    unit: "each",
    price: 18000,
    allowance: true,
  },
  "supply-lines": {
    kind: "material",
    name: { en: "Braided supply lines (pair)", es: "Mangueras de alimentación trenzadas (par)" },
    unit: "set",
    price: 2000,
  },
  cartridge: {
    kind: "material",
    name: { en: "Faucet cartridge and washers", es: "Cartucho y empaques del grifo" },
    unit: "each",
    price: 3500,
  },
  disposal: {
    kind: "material",
    name: { en: "Garbage disposal, 1/2 hp", es: "Triturador de desperdicios de 1/2 hp" },
    unit: "each",
    price: 16000,
  },
  sink: {
    kind: "material",
    name: { en: "Sink (allowance)", es: "Fregadero o lavabo (partida estimada)" },
    unit: "each",
    price: 25000,
    allowance: true,
  },
  "drain-kit": {
    kind: "material",
    name: { en: "Drain kit and P-trap", es: "Kit de desagüe y sifón" },
    unit: "each",
    price: 3500,
  },
  "shower-valve": {
    kind: "material",
    name: { en: "Pressure-balance shower valve and trim", es: "Válvula de ducha de presión balanceada y acabados" },
    unit: "each",
    price: 18000,
  },
  "sump-pump": {
    kind: "material",
    name: { en: "Submersible sump pump, 1/3 hp", es: "Bomba de sumidero sumergible de 1/3 hp" },
    unit: "each",
    price: 22000,
  },
  "sump-kit": {
    kind: "material",
    name: { en: "Check valve and discharge fittings", es: "Válvula de retención y conexiones de descarga" },
    unit: "set",
    price: 4500,
  },
  "gas-pipe": {
    kind: "material",
    name: { en: "Black iron gas pipe and fittings", es: "Tubería de hierro negro para gas y conexiones" },
    unit: "lf",
    price: 700,
  },
  softener: {
    kind: "material",
    name: { en: "Water softener, 40,000 grain", es: "Suavizador de agua de 40,000 granos" },
    unit: "each",
    price: 90000,
  },
  "softener-kit": {
    kind: "material",
    name: { en: "Bypass valve and connection kit", es: "Válvula de derivación y kit de conexión" },
    unit: "set",
    price: 6000,
  },
  sillcock: {
    kind: "material",
    name: { en: "Frost-free sillcock (outdoor faucet)", es: "Llave exterior antihielo" },
    unit: "each",
    price: 4500,
  },
  "service-plumbing": {
    kind: "service",
    name: { en: "Plumbing service call and diagnosis", es: "Visita de servicio de plomería y diagnóstico" },
    unit: "job",
    price: 12900,
    hours: [1, 1],
  },
  "permit-plumbing": {
    kind: "fee",
    name: { en: "Plumbing permit and inspection", es: "Permiso e inspección de plomería" },
    unit: "each",
    price: 12500,
  },

  // HVAC
  minisplit: {
    kind: "material",
    name: {
      en: "Ductless mini-split, 12,000 BTU (outdoor and indoor unit)",
      es: "Minisplit sin ductos de 12,000 BTU (unidad exterior e interior)",
    },
    unit: "zone",
    price: 140000,
  },
  "lineset-15": {
    kind: "material",
    name: { en: "Line set, 15 ft, with line-hide cover", es: "Juego de líneas de 15 pies con cubierta" },
    unit: "each",
    price: 15000,
  },
  disconnect: {
    kind: "material",
    name: { en: "Disconnect, whip and pad", es: "Desconectador, cable flexible y base" },
    unit: "each",
    price: 18000,
  },
  "hp-2": {
    kind: "material",
    name: { en: "2-ton heat pump, 15 SEER2", es: "Bomba de calor de 2 toneladas, 15 SEER2" },
    unit: "each",
    price: 290000,
  },
  "hp-3": {
    kind: "material",
    name: { en: "3-ton heat pump, 15 SEER2", es: "Bomba de calor de 3 toneladas, 15 SEER2" },
    unit: "each",
    price: 350000,
  },
  "hp-4": {
    kind: "material",
    name: { en: "4-ton heat pump, 15 SEER2", es: "Bomba de calor de 4 toneladas, 15 SEER2" },
    unit: "each",
    price: 410000,
  },
  "hp-5": {
    kind: "material",
    name: { en: "5-ton heat pump, 15 SEER2", es: "Bomba de calor de 5 toneladas, 15 SEER2" },
    unit: "each",
    price: 470000,
  },
  "air-handler": {
    kind: "material",
    name: { en: "Matched air handler", es: "Manejadora de aire compatible" },
    unit: "each",
    price: 190000,
  },
  "ac-2": {
    kind: "material",
    name: { en: "2-ton AC condenser, 14.3 SEER2", es: "Condensadora de aire acondicionado de 2 toneladas, 14.3 SEER2" },
    unit: "each",
    price: 230000,
  },
  "ac-3": {
    kind: "material",
    name: { en: "3-ton AC condenser, 14.3 SEER2", es: "Condensadora de aire acondicionado de 3 toneladas, 14.3 SEER2" },
    unit: "each",
    price: 280000,
  },
  "ac-4": {
    kind: "material",
    name: { en: "4-ton AC condenser, 14.3 SEER2", es: "Condensadora de aire acondicionado de 4 toneladas, 14.3 SEER2" },
    unit: "each",
    price: 340000,
  },
  "ac-5": {
    kind: "material",
    name: { en: "5-ton AC condenser, 14.3 SEER2", es: "Condensadora de aire acondicionado de 5 toneladas, 14.3 SEER2" },
    unit: "each",
    price: 400000,
  },
  coil: {
    kind: "material",
    name: { en: "Matched evaporator coil", es: "Serpentín evaporador compatible" },
    unit: "each",
    price: 90000,
  },
  lineset: {
    kind: "material",
    name: { en: "Refrigerant line set", es: "Juego de líneas de refrigerante" },
    unit: "lf",
    price: 1400,
  },
  "furnace-60": {
    kind: "material",
    name: { en: "60,000 BTU 96% AFUE gas furnace", es: "Calefactor a gas de 60,000 BTU, 96% AFUE" },
    unit: "each",
    price: 150000,
  },
  "furnace-80": {
    kind: "material",
    name: { en: "80,000 BTU 96% AFUE gas furnace", es: "Calefactor a gas de 80,000 BTU, 96% AFUE" },
    unit: "each",
    price: 180000,
  },
  "furnace-100": {
    kind: "material",
    name: { en: "100,000 BTU 96% AFUE gas furnace", es: "Calefactor a gas de 100,000 BTU, 96% AFUE" },
    unit: "each",
    price: 210000,
  },
  "furnace-120": {
    kind: "material",
    name: { en: "120,000 BTU 96% AFUE gas furnace", es: "Calefactor a gas de 120,000 BTU, 96% AFUE" },
    unit: "each",
    price: 240000,
  },
  "furnace-kit": {
    kind: "material",
    name: { en: "Venting, gas connector and condensate kit", es: "Kit de ventilación, conector de gas y condensados" },
    unit: "set",
    price: 22000,
  },
  duct: {
    kind: "material",
    name: { en: "Insulated duct and sheet-metal fittings", es: "Ducto aislado y conexiones de lámina" },
    unit: "lf",
    price: 900,
  },
  register: {
    kind: "material",
    name: { en: "Register boot and grille", es: "Bota y rejilla de salida" },
    unit: "each",
    price: 3500,
  },
  thermostat: { kind: "material", name: { en: "Smart thermostat", es: "Termostato inteligente" }, unit: "each", price: 18000 },
  "tune-up": {
    kind: "service",
    name: {
      en: "HVAC tune-up and safety inspection, per system",
      es: "Mantenimiento e inspección de seguridad de climatización, por equipo",
    },
    unit: "each",
    price: 14900,
    hours: [3, 2],
  },
  refrigerant: { kind: "material", name: { en: "Refrigerant R-410A", es: "Refrigerante R-410A" }, unit: "lb", price: 9500 },
  "duct-cleaning": {
    kind: "service",
    name: { en: "Whole-house duct cleaning", es: "Limpieza de ductos de toda la casa" },
    unit: "job",
    price: 45000,
    hours: [4, 1],
  },
  "service-hvac": {
    kind: "service",
    name: { en: "HVAC diagnostic visit", es: "Visita de diagnóstico de climatización" },
    unit: "job",
    price: 13900,
    hours: [1, 1],
  },
  "permit-mechanical": {
    kind: "fee",
    name: { en: "Mechanical permit and inspection", es: "Permiso e inspección mecánica" },
    unit: "each",
    price: 15000,
  },

  // General contracting
  "bath-fixtures": {
    kind: "material",
    name: {
      en: "Bathroom fixtures: toilet, vanity, faucet, shower valve (allowance)",
      es: "Accesorios de baño: inodoro, mueble, grifo, válvula de ducha (partida estimada)",
    },
    unit: "set",
    price: 350000,
    allowance: true,
  },
  "bath-tile": {
    kind: "material",
    name: {
      en: "Tile, backer board and setting materials (allowance)",
      es: "Azulejo, placa de cemento y materiales de colocación (partida estimada)",
    },
    unit: "set",
    price: 220000,
    allowance: true,
  },
  "trade-sub-bath": {
    kind: "service",
    name: {
      en: "Plumbing and electrical trade work (subcontract allowance)",
      es: "Trabajos de plomería y electricidad (subcontrato estimado)",
    },
    unit: "job",
    price: 250000,
    hours: [16, 1],
    allowance: true,
  },
  cabinets: {
    kind: "material",
    name: {
      en: "Kitchen cabinets, mid-range, about 25 linear ft (allowance)",
      es: "Gabinetes de cocina de gama media, unos 25 pies lineales (partida estimada)",
    },
    unit: "set",
    price: 750000,
    allowance: true,
  },
  countertops: {
    kind: "material",
    name: { en: "Quartz countertops, about 50 sq ft (allowance)", es: "Cubiertas de cuarzo, unos 50 pie² (partida estimada)" },
    unit: "set",
    price: 375000,
    allowance: true,
  },
  "kitchen-fixtures": {
    kind: "material",
    name: { en: "Sink, faucet and cabinet hardware (allowance)", es: "Fregadero, grifo y herrajes (partida estimada)" },
    unit: "set",
    price: 80000,
    allowance: true,
  },
  "trade-sub-kitchen": {
    kind: "service",
    name: {
      en: "Plumbing and electrical trade work (subcontract allowance)",
      es: "Trabajos de plomería y electricidad (subcontrato estimado)",
    },
    unit: "job",
    price: 400000,
    hours: [32, 1],
    allowance: true,
  },
  "deck-materials": {
    kind: "material",
    name: { en: "Pressure-treated framing, decking and hardware", es: "Estructura de madera tratada, tablas y herrajes" },
    unit: "sqft",
    price: 950,
  },
  "composite-deck": {
    kind: "material",
    name: {
      en: "Composite decking on pressure-treated framing, with hardware",
      es: "Tablas compuestas sobre estructura de madera tratada, con herrajes",
    },
    unit: "sqft",
    price: 1600,
  },
  footing: {
    kind: "material",
    name: { en: "Concrete footing with post base", es: "Zapata de concreto con base para poste" },
    unit: "each",
    price: 4500,
  },
  "drywall-sheet": {
    kind: "material",
    name: { en: "Drywall sheet, 1/2 in. 4×8 ft", es: "Plancha de tablaroca de 1/2 pulg., 4×8 pies" },
    unit: "sheet",
    price: 1600,
  },
  "drywall-finish": {
    kind: "material",
    name: { en: "Joint compound, tape and screws", es: "Compuesto, cinta y tornillos" },
    unit: "sqft",
    price: 20,
  },
  "patch-kit": {
    kind: "material",
    name: { en: "Drywall patch, compound and primer", es: "Parche de tablaroca, compuesto y sellador" },
    unit: "each",
    price: 1500,
  },
  framing: {
    kind: "material",
    name: {
      en: "Framing lumber, plates and fasteners (2×4 at 16 in.)",
      es: "Madera de estructura, soleras y fijaciones (2×4 a 16 pulg.)",
    },
    unit: "lf",
    price: 1400,
  },
  "exterior-door": {
    kind: "material",
    name: { en: "Exterior prehung steel door (allowance)", es: "Puerta exterior de acero premontada (partida estimada)" },
    unit: "each",
    price: 65000,
    allowance: true,
  },
  "exterior-door-hardware": {
    kind: "material",
    name: { en: "Lockset, deadbolt and weatherstripping", es: "Cerradura, cerrojo y burletes" },
    unit: "set",
    price: 12000,
  },
  "interior-door": {
    kind: "material",
    name: { en: "Interior prehung door, hollow core", es: "Puerta interior premontada, de tambor" },
    unit: "each",
    price: 22000,
  },
  "door-hardware": {
    kind: "material",
    name: { en: "Door hardware and casing", es: "Herrajes y marco de la puerta" },
    unit: "set",
    price: 5500,
  },
  "garage-door": {
    kind: "material",
    name: {
      en: "Insulated steel garage door, 16×7 ft, with track and opener (allowance)",
      es: "Puerta de garaje de acero aislada, 16×7 pies, con rieles y motor (partida estimada)",
    },
    unit: "each",
    price: 180000,
    allowance: true,
  },
  window: {
    kind: "material",
    name: {
      en: "Vinyl replacement window, double-hung (allowance)",
      es: "Ventana de reemplazo de vinilo, guillotina doble (partida estimada)",
    },
    unit: "each",
    price: 45000,
    allowance: true,
  },
  "window-trim": {
    kind: "material",
    name: { en: "Window trim, flashing tape and sealant", es: "Molduras, cinta tapajuntas y sellador de ventana" },
    unit: "set",
    price: 4000,
  },
  trim: {
    kind: "material",
    name: { en: "Primed MDF baseboard or trim", es: "Zócalo o moldura de MDF imprimado" },
    unit: "lf",
    price: 220,
  },
  dumpster: {
    kind: "service",
    name: { en: "Dumpster, 20 yd, delivery and haul-away", es: "Contenedor de 20 yd³, entrega y retiro" },
    unit: "each",
    price: 45000,
  },
  concrete: {
    kind: "material",
    name: { en: "Ready-mix concrete for a 4 in. slab", es: "Concreto premezclado para losa de 4 pulg." },
    unit: "cuyd",
    price: 16500,
  },
  "concrete-base": {
    kind: "material",
    name: { en: "Gravel base, forms and rebar", es: "Base de grava, cimbra y varilla" },
    unit: "sqft",
    price: 175,
  },
  insulation: {
    kind: "material",
    name: { en: "Blown-in fiberglass insulation, R-38", es: "Aislamiento de fibra de vidrio soplado, R-38" },
    unit: "sqft",
    price: 110,
  },
  "service-general": {
    kind: "service",
    name: { en: "Site visit and scope assessment", es: "Visita al sitio y evaluación del alcance" },
    unit: "job",
    price: 15000,
    hours: [3, 2],
  },
  "permit-building": {
    kind: "fee",
    name: { en: "Building permit and inspections", es: "Licencia de construcción e inspecciones" },
    unit: "each",
    price: 25000,
  },

  // Roofing
  "roof-repair": {
    kind: "material",
    name: { en: "Shingles, underlayment and sealant for the repair", es: "Tejas, membrana y sellador para la reparación" },
    unit: "each",
    price: 15000,
  },
  shingles: {
    kind: "material",
    name: {
      en: "Architectural asphalt shingles (3 bundles per square)",
      es: "Tejas asfálticas arquitectónicas (3 paquetes por cuadro)",
    },
    unit: "square",
    price: 13000,
  },
  underlayment: {
    kind: "material",
    name: { en: "Synthetic roof underlayment", es: "Membrana sintética para techo" },
    unit: "square",
    price: 2500,
  },
  "roof-accessories": {
    kind: "material",
    name: {
      en: "Starter, ridge cap, drip edge, flashing and nails",
      es: "Teja de arranque, caballete, gotero, tapajuntas y clavos",
    },
    unit: "square",
    price: 5500,
  },
  "roof-disposal": {
    kind: "service",
    name: { en: "Dumpster and disposal of the old roofing", es: "Contenedor y desecho del techo viejo" },
    unit: "square",
    price: 4500,
  },
  "metal-panels": {
    kind: "material",
    name: { en: "Standing-seam metal roofing panels and trim", es: "Paneles de techo metálico de junta alzada y remates" },
    unit: "square",
    price: 45000,
  },
  "metal-underlayment": {
    kind: "material",
    name: { en: "High-temperature synthetic underlayment", es: "Membrana sintética para alta temperatura" },
    unit: "square",
    price: 3500,
  },
  tpo: {
    kind: "material",
    name: { en: "TPO membrane 60 mil, adhesive and flashing", es: "Membrana TPO de 60 mil, adhesivo y tapajuntas" },
    unit: "square",
    price: 26000,
  },
  "roof-insulation": {
    kind: "material",
    name: { en: "Polyiso insulation board", es: "Placa aislante de poliisocianurato" },
    unit: "square",
    price: 11000,
  },
  gutter: {
    kind: "material",
    name: { en: "Seamless aluminum gutter, 5 in.", es: "Canaleta de aluminio sin costuras de 5 pulg." },
    unit: "lf",
    price: 650,
  },
  downspout: {
    kind: "material",
    name: { en: "Downspout, 10 ft, with elbows and straps", es: "Bajante de 10 pies con codos y abrazaderas" },
    unit: "each",
    price: 5500,
  },
  "gutter-cleaning": {
    kind: "service",
    name: { en: "Gutter cleaning and downspout flush", es: "Limpieza de canaletas y bajantes" },
    unit: "job",
    price: 17500,
    hours: [2, 1],
  },
  skylight: {
    kind: "material",
    name: { en: "Fixed skylight 2×4 ft with flashing kit", es: "Tragaluz fijo de 2×4 pies con kit de tapajuntas" },
    unit: "each",
    price: 55000,
  },
  "chimney-flashing": {
    kind: "material",
    name: { en: "Chimney step and counter flashing kit", es: "Kit de tapajuntas escalonado y contratapajuntas para chimenea" },
    unit: "each",
    price: 12000,
  },
  fascia: {
    kind: "material",
    name: { en: "Fascia or soffit board and trim", es: "Tabla de fascia o plafón y remates" },
    unit: "lf",
    price: 600,
  },
  "roof-inspection": {
    kind: "service",
    name: { en: "Roof inspection with photo report", es: "Inspección del techo con informe fotográfico" },
    unit: "job",
    price: 20000,
    hours: [2, 1],
  },
  "permit-roofing": { kind: "fee", name: { en: "Roofing permit", es: "Permiso de techado" }, unit: "each", price: 20000 },

  // Flooring
  "floor-disposal": {
    kind: "service",
    name: { en: "Disposal of the old flooring", es: "Desecho del piso viejo" },
    unit: "sqft",
    price: 35,
  },
  leveler: {
    kind: "material",
    name: { en: "Self-leveling underlayment or subfloor repair", es: "Autonivelante o reparación del contrapiso" },
    unit: "sqft",
    price: 125,
  },
  "refinish-materials": {
    kind: "material",
    name: { en: "Abrasives, stain and polyurethane finish", es: "Lijas, tinte y acabado de poliuretano" },
    unit: "sqft",
    price: 55,
  },
  laminate: {
    kind: "material",
    name: { en: "Laminate flooring, 12 mm AC4", es: "Piso laminado de 12 mm AC4" },
    unit: "sqft",
    price: 250,
  },
  "foam-underlayment": {
    kind: "material",
    name: { en: "Foam underlayment with vapor barrier", es: "Base de espuma con barrera de vapor" },
    unit: "sqft",
    price: 45,
  },
  transitions: {
    kind: "material",
    name: { en: "Transitions, quarter round and fasteners", es: "Perfiles de transición, cuarto bocel y fijaciones" },
    unit: "sqft",
    price: 30,
  },
  lvp: {
    kind: "material",
    name: { en: "Luxury vinyl plank, 20 mil wear layer", es: "Piso vinílico de lujo, capa de desgaste de 20 mil" },
    unit: "sqft",
    price: 325,
  },
  hardwood: {
    kind: "material",
    name: { en: "Solid oak hardwood flooring, 3/4 in.", es: "Piso de roble macizo de 3/4 pulg." },
    unit: "sqft",
    price: 650,
  },
  engineered: {
    kind: "material",
    name: { en: "Engineered hardwood flooring, oak", es: "Piso de madera de ingeniería, roble" },
    unit: "sqft",
    price: 550,
  },
  "hardwood-supplies": {
    kind: "material",
    name: { en: "Underlayment, nails and adhesive", es: "Base, clavos y adhesivo" },
    unit: "sqft",
    price: 60,
  },
  tile: {
    kind: "material",
    name: { en: "Porcelain or ceramic tile (allowance)", es: "Baldosa de porcelanato o cerámica (partida estimada)" },
    unit: "sqft",
    price: 400,
    allowance: true,
  },
  "tile-setting": {
    kind: "material",
    name: { en: "Thinset, grout and spacers", es: "Adhesivo, boquilla y separadores" },
    unit: "sqft",
    price: 75,
  },
  "tile-backer": {
    kind: "material",
    name: { en: "Cement backer board or uncoupling membrane", es: "Placa de cemento o membrana desacopladora" },
    unit: "sqft",
    price: 110,
  },
  carpet: {
    kind: "material",
    name: { en: "Carpet, mid-grade nylon", es: "Alfombra de nailon de calidad media" },
    unit: "sqft",
    price: 300,
  },
  "carpet-pad": {
    kind: "material",
    name: { en: "Carpet pad, 7/16 in. 6 lb", es: "Bajoalfombra de 7/16 pulg., 6 lb" },
    unit: "sqft",
    price: 65,
  },
  "tack-strip": {
    kind: "material",
    name: { en: "Tack strip and seaming", es: "Tira de clavos y costuras" },
    unit: "sqft",
    price: 15,
  },
  "stair-tread": {
    kind: "material",
    name: { en: "Stair tread, riser and nosing materials", es: "Materiales de huella, contrahuella y nariz de escalón" },
    unit: "each",
    price: 4500,
  },
  "service-flooring": {
    kind: "service",
    name: { en: "Measure and subfloor assessment", es: "Medición y evaluación del contrapiso" },
    unit: "job",
    price: 9500,
    hours: [1, 1],
  },

  // Painting
  "cabinet-paint": {
    kind: "material",
    name: { en: "Cabinet primer, enamel and supplies", es: "Sellador, esmalte e insumos para gabinetes" },
    unit: "each",
    price: 900,
  },
  "exterior-paint": {
    kind: "material",
    name: { en: "Exterior acrylic paint", es: "Pintura acrílica para exteriores" },
    unit: "gallon",
    price: 5500,
  },
  "exterior-primer": {
    kind: "material",
    name: { en: "Exterior primer for bare and repaired areas", es: "Sellador exterior para zonas desnudas o reparadas" },
    unit: "gallon",
    price: 4000,
  },
  "exterior-sundries": {
    kind: "material",
    name: { en: "Caulk, tape, plastic and sundries", es: "Sellador, cinta, plástico e insumos" },
    unit: "job",
    price: 15000,
  },
  "pressure-wash": {
    kind: "service",
    name: { en: "Pressure washing before painting", es: "Lavado a presión antes de pintar" },
    unit: "sqft",
    price: 15,
    hours: [1, 500],
  },
  "interior-paint": {
    kind: "material",
    name: { en: "Interior latex paint, premium", es: "Pintura látex para interiores, calidad premium" },
    unit: "gallon",
    price: 4500,
  },
  "room-sundries": {
    kind: "material",
    name: { en: "Patching, caulk, tape and plastic sheeting", es: "Resanes, sellador, cinta y plástico protector" },
    unit: "room",
    price: 2500,
  },
  "door-paint": {
    kind: "material",
    name: { en: "Enamel paint and supplies per door", es: "Esmalte e insumos por puerta" },
    unit: "each",
    price: 1200,
  },
  "trim-paint": {
    kind: "material",
    name: { en: "Trim enamel, semi-gloss", es: "Esmalte semibrillante para molduras" },
    unit: "gallon",
    price: 5000,
  },
  stain: {
    kind: "material",
    name: { en: "Semi-transparent deck and fence stain", es: "Tinte semitransparente para terrazas y cercas" },
    unit: "gallon",
    price: 4500,
  },
  "wallpaper-remover": {
    kind: "material",
    name: { en: "Wallpaper remover and sundries", es: "Removedor de papel tapiz e insumos" },
    unit: "job",
    price: 4000,
  },
  "paint-patch": {
    kind: "material",
    name: { en: "Patching compound and primer", es: "Compuesto para resanes y sellador" },
    unit: "each",
    price: 800,
  },
  "skim-coat": {
    kind: "material",
    name: { en: "Skim-coat compound and primer", es: "Compuesto para alisar y sellador" },
    unit: "sqft",
    price: 35,
  },
  "paint-allowance": {
    kind: "material",
    name: { en: "Paint and supplies (allowance)", es: "Pintura e insumos (partida estimada)" },
    unit: "job",
    price: 15000,
    allowance: true,
  },

  // Landscaping
  "tree-removal": {
    kind: "service",
    name: {
      en: "Tree removal, up to 40 ft, with crew and equipment",
      es: "Retiro de árbol de hasta 40 pies, con cuadrilla y equipo",
    },
    unit: "each",
    price: 75000,
    hours: [6, 1],
  },
  "stump-grinding": {
    kind: "service",
    name: { en: "Stump grinding", es: "Triturado de tocón" },
    unit: "each",
    price: 17500,
    hours: [1, 1],
  },
  tree: {
    kind: "material",
    name: { en: "Tree, 15-gallon container", es: "Árbol en contenedor de 15 galones" },
    unit: "each",
    price: 16000,
  },
  "planting-supplies": {
    kind: "material",
    name: { en: "Soil amendment, stakes and mulch", es: "Mejorador de suelo, tutores y mantillo" },
    unit: "each",
    price: 3000,
  },
  "grass-seed": {
    kind: "material",
    name: { en: "Grass seed and starter fertilizer", es: "Semilla de pasto y fertilizante inicial" },
    unit: "sqft",
    price: 12,
  },
  sod: { kind: "material", name: { en: "Sod, delivered", es: "Tepe de césped, entregado" }, unit: "sqft", price: 60 },
  topsoil: {
    kind: "material",
    name: { en: "Topsoil and starter fertilizer", es: "Tierra vegetal y fertilizante inicial" },
    unit: "sqft",
    price: 20,
  },
  mulch: {
    kind: "material",
    name: { en: "Hardwood mulch, 3 in. deep", es: "Mantillo de corteza, 3 pulg. de espesor" },
    unit: "cuyd",
    price: 4500,
  },
  shrub: {
    kind: "material",
    name: { en: "Shrub or perennial, 3-gallon", es: "Arbusto o perenne de 3 galones" },
    unit: "each",
    price: 3800,
  },
  "sprinkler-zone": {
    kind: "material",
    name: {
      en: "Sprinkler zone: valve, pipe, heads and fittings",
      es: "Zona de riego: válvula, tubería, aspersores y conexiones",
    },
    unit: "zone",
    price: 26000,
  },
  controller: {
    kind: "material",
    name: { en: "Smart irrigation controller", es: "Controlador de riego inteligente" },
    unit: "each",
    price: 22000,
  },
  backflow: { kind: "material", name: { en: "Backflow preventer", es: "Válvula antirretorno" }, unit: "each", price: 25000 },
  "wood-fence": {
    kind: "material",
    name: {
      en: "6 ft cedar privacy fence: pickets, rails and hardware",
      es: "Cerca de privacidad de cedro de 6 pies: tablas, rieles y herrajes",
    },
    unit: "lf",
    price: 2200,
  },
  "chainlink-fence": {
    kind: "material",
    name: {
      en: "4 ft galvanized chain-link fence fabric, rails and hardware",
      es: "Malla ciclónica galvanizada de 4 pies, rieles y herrajes",
    },
    unit: "lf",
    price: 1400,
  },
  "vinyl-fence": {
    kind: "material",
    name: { en: "6 ft vinyl privacy fence panels and hardware", es: "Paneles de cerca de vinilo de 6 pies y herrajes" },
    unit: "lf",
    price: 3000,
  },
  "fence-post": {
    kind: "material",
    name: { en: "Fence post set in concrete (every 8 ft)", es: "Poste de cerca en concreto (cada 8 pies)" },
    unit: "each",
    price: 3500,
  },
  gate: {
    kind: "material",
    name: { en: "Walk gate, 4 ft, with hardware", es: "Puerta peatonal de 4 pies con herrajes" },
    unit: "each",
    price: 35000,
  },
  pavers: { kind: "material", name: { en: "Concrete pavers", es: "Adoquines de concreto" }, unit: "sqft", price: 450 },
  "paver-base": {
    kind: "material",
    name: { en: "Gravel base and bedding sand", es: "Base de grava y arena de asiento" },
    unit: "sqft",
    price: 160,
  },
  "paver-edge": {
    kind: "material",
    name: { en: "Edge restraint and polymeric sand", es: "Bordillo de contención y arena polimérica" },
    unit: "sqft",
    price: 40,
  },
  compactor: {
    kind: "equipment",
    name: { en: "Plate compactor rental", es: "Renta de compactadora de placa" },
    unit: "day",
    price: 9500,
  },
  "wall-block": {
    kind: "material",
    name: {
      en: "Segmental retaining wall block, 3 ft high, with cap",
      es: "Bloque de muro de contención de 3 pies de alto, con remate",
    },
    unit: "lf",
    price: 4800,
  },
  "wall-drainage": {
    kind: "material",
    name: { en: "Drain rock, drain pipe and base gravel", es: "Piedra de drenaje, tubo de drenaje y grava de base" },
    unit: "lf",
    price: 1200,
  },
  "drain-materials": {
    kind: "material",
    name: { en: "Perforated drain pipe, filter fabric and gravel", es: "Tubo perforado, geotextil y grava" },
    unit: "lf",
    price: 1200,
  },
  trencher: { kind: "equipment", name: { en: "Trencher rental", es: "Renta de zanjadora" }, unit: "day", price: 15000 },
  mowing: {
    kind: "service",
    name: { en: "Mowing, edging and blowing, up to 1/4 acre", es: "Corte, orillado y soplado, hasta 1/4 de acre" },
    unit: "visit",
    price: 6500,
    hours: [3, 2],
  },
  cleanup: {
    kind: "service",
    name: { en: "Yard cleanup with green-waste haul-away", es: "Limpieza del jardín con retiro de residuos verdes" },
    unit: "visit",
    price: 25000,
    hours: [5, 1],
  },
  "path-light": {
    kind: "material",
    name: { en: "Low-voltage LED path light", es: "Luminaria LED de bajo voltaje para senderos" },
    unit: "each",
    price: 5500,
  },
  transformer: {
    kind: "material",
    name: { en: "Transformer 150 W and low-voltage cable", es: "Transformador de 150 W y cable de bajo voltaje" },
    unit: "set",
    price: 22000,
  },
  "green-waste": {
    kind: "service",
    name: { en: "Green-waste haul-away", es: "Retiro de residuos verdes" },
    unit: "load",
    price: 8500,
  },
  "service-landscaping": {
    kind: "service",
    name: { en: "Site visit and landscape consultation", es: "Visita al sitio y consulta de paisajismo" },
    unit: "job",
    price: 12500,
    hours: [1, 1],
  },

  // Other (handyman)
  "tv-mount": {
    kind: "material",
    name: { en: "Tilting TV wall mount", es: "Soporte de pared inclinable para TV" },
    unit: "each",
    price: 6000,
  },
  "washing-service": {
    kind: "service",
    name: { en: "Pressure washing", es: "Lavado a presión" },
    unit: "sqft",
    price: 35,
    hours: [1, 250],
  },
  "junk-load": {
    kind: "service",
    name: { en: "Junk removal, per truck load", es: "Retiro de desechos, por carga de camión" },
    unit: "load",
    price: 37500,
    hours: [2, 1],
  },
  hardware: {
    kind: "material",
    name: { en: "Anchors, brackets and hardware", es: "Taquetes, soportes y herrajes" },
    unit: "each",
    price: 1200,
  },
  caulk: {
    kind: "material",
    name: { en: "Silicone caulk and supplies", es: "Silicón sellador e insumos" },
    unit: "job",
    price: 2500,
  },
  "materials-allowance": {
    kind: "material",
    name: { en: "Materials and supplies (allowance)", es: "Materiales e insumos (partida estimada)" },
    unit: "job",
    price: 10000,
    allowance: true,
  },
};

export const TRADES: Record<AiJobType, Trade> = {
  electrical: {
    labor: { name: { en: "Electrician labor", es: "Mano de obra de electricista" }, rate: 9500 },
    risk: {
      en: "Hidden conditions behind walls (damaged or undersized wiring, missing boxes) can change the scope once opened.",
      es: "Las condiciones ocultas en los muros (cableado dañado o insuficiente, cajas faltantes) pueden cambiar el alcance al abrir.",
    },
    fallback: [
      { item: "service-electrical", fixed: 100 },
      {
        fixed: 300,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "ev-charger",
        name: { en: "EV charger circuit", es: "circuito para cargador de vehículo eléctrico" },
        match:
          /\b(ev|electric vehicle|electric car|level 2|tesla|car)\s+(charger|charging station|wall connector)s?\b|\bcargador(es)? (de|para) (auto|carro|coche|vehiculo)s?( electricos?)?\b/,
        measure: count(["charger", "chargers"], ["cargador", "cargadores"]),
        default: 1,
        lines: [
          one("breaker-50"),
          {
            item: "cable-6",
            per: [40, 1],
            note: { en: "Assumes a 40 ft run from the panel.", es: "Supone un recorrido de 40 pies desde el tablero." },
          },
          one("ev-receptacle", { note: { en: "The charger itself is not included.", es: "No incluye el cargador." } }),
          labor(4),
          once("permit-electrical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "subpanel",
        name: { en: "subpanel installation", es: "instalación de subtablero" },
        match: /\bsub-?\s?panels?\b|\bsubtableros?\b/,
        measure: count(["subpanel", "subpanels"], ["subtablero", "subtableros"]),
        default: 1,
        variant: {
          read: /\b(\d{2,3})\s*-?\s*(?:amps?|amperes?|amperios?|a)\b/,
          default: 100,
          unit: { en: "A", es: "A" },
          options: [
            { size: 60, lines: [one("subpanel-60")] },
            { size: 100, lines: [one("subpanel-100")] },
            { size: 125, lines: [one("subpanel-125")] },
          ],
        },
        lines: [
          { item: "feeder", per: [30, 1], note: { en: "Assumes a 30 ft feeder run.", es: "Supone un alimentador de 30 pies." } },
          labor(6),
          once("permit-electrical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "panel",
        name: { en: "panel upgrade", es: "cambio de tablero eléctrico" },
        match:
          /\b(main |electrical |breaker |service )?(panel|breaker box|load center|fuse box)\b( upgrade| replacement)?|\bservice upgrade\b|\btablero( electrico| principal)?\b/,
        measure: count(["panel", "panels"], ["tablero", "tableros"]),
        default: 1,
        variant: {
          read: /\b(\d{2,3})\s*-?\s*(?:amps?|amperes?|amperios?|a)\b/,
          default: 200,
          unit: { en: "A", es: "A" },
          options: [
            { size: 100, lines: [one("panel-100"), labor(8)] },
            { size: 150, lines: [one("panel-150"), labor(9)] },
            { size: 200, lines: [one("panel-200"), labor(10)] },
            { size: 400, lines: [one("panel-400"), labor(16)] },
          ],
        },
        lines: [
          one("panel-kit"),
          once("utility-reconnect", {
            note: { en: "Some utilities charge for it, some do not.", es: "Algunas compañías lo cobran y otras no." },
          }),
          once("permit-electrical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "rewire",
        name: { en: "rewiring", es: "recableado" },
        match:
          /\brewir(e|ing)\b|\breplace (all |the )?(old |existing |knob[- ]and[- ]tube |aluminum )*wiring\b|\bwhole[- ]house wiring\b|\brecablea(r|do)\b/,
        measure: AREA,
        default: 1500,
        lines: [one("rewire-materials"), one("access-patch"), labor(3, 50), once("permit-electrical", { note: PERMIT_NOTE })],
      },
      {
        id: "generator",
        name: { en: "generator hookup", es: "conexión de generador" },
        match: /\b(standby |backup |whole[- ]house |portable )?generators?\b|\btransfer switch(es)?\b|\bgeneradore?s?\b/,
        measure: count(["generator", "generators"], ["generador", "generadores"]),
        default: 1,
        lines: [
          one("generator", { when: /standby|whole[- ]house|respaldo/ }),
          one("generator-pad", { when: /standby|whole[- ]house|respaldo/ }),
          one("transfer-switch", { when: /standby|whole[- ]house|respaldo|transfer/ }),
          one("interlock", { unless: /standby|whole[- ]house|respaldo|transfer/ }),
          labor(6),
          once("permit-electrical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "smoke",
        name: { en: "smoke and CO alarms", es: "alarmas de humo y CO" },
        match: /\b(smoke|carbon monoxide|co)\s+(detectors?|alarms?)\b|\b(detectores?|alarmas?) de humo\b/,
        measure: count(["alarm", "alarms"], ["alarma", "alarmas"]),
        default: 1,
        lines: [one("smoke"), labor(1, 2)],
      },
      {
        id: "surge",
        name: { en: "surge protector", es: "protector contra sobretensiones" },
        match: /\b(whole[- ]house )?surge (protector|protection|suppressor)s?\b/,
        measure: JOB,
        default: 1,
        lines: [one("surge"), labor(1)],
      },
      {
        id: "fan",
        name: { en: "ceiling fan installation", es: "instalación de ventilador de techo" },
        match: /\bceiling fans?\b|\bventiladore?s? de techo\b/,
        measure: count(["fan", "fans"], ["ventilador", "ventiladores"]),
        default: 1,
        lines: [one("fan"), one("fan-box"), labor(3, 2)],
      },
      {
        id: "recessed",
        name: { en: "recessed lighting", es: "iluminación empotrada" },
        match: /\b(recessed|can|pot|led recessed)\s+(lights?|lighting)\b|\bdownlights?\b|\bluces empotradas\b/,
        measure: count(["light", "lights"], ["luz", "luces"]),
        default: 4,
        lines: [
          one("recessed"),
          {
            item: "cable-14",
            per: [15, 1],
            note: { en: "About 15 ft of cable per light.", es: "Unos 15 pies de cable por luz." },
          },
          labor(3, 4),
        ],
      },
      {
        id: "fixture",
        name: { en: "light fixture installation", es: "instalación de lámparas" },
        match:
          /\b(light fixtures?|ceiling lights?|pendant lights?|pendants?|chandeliers?|vanity lights?|fixtures?|lamparas?|luminarias?)\b/,
        measure: count(["fixture", "fixtures"], ["lámpara", "lámparas"]),
        default: 1,
        needs: /light|lamp|chandelier|pendant|luminaria|lampara/,
        unlessTasks: REMODELS,
        lines: [one("fixture", { note: ALLOWANCE }), labor(1)],
      },
      {
        id: "gfci",
        name: { en: "GFCI outlet installation", es: "instalación de tomacorrientes GFCI" },
        match: /\b(gfci|gfi|ground[- ]fault)\b( (outlets?|receptacles?|tomacorrientes?))?/,
        measure: count(["outlet", "outlets"], ["tomacorriente", "tomacorrientes"]),
        default: 1,
        lines: [one("gfci"), labor(3, 4)],
      },
      {
        id: "outlet",
        name: { en: "outlet replacement", es: "cambio de tomacorrientes" },
        match: /\b(outlets?|receptacles?|plugs?|tomacorrientes?|enchufes?|contactos?)\b/,
        measure: count(["outlet", "outlets"], ["tomacorriente", "tomacorrientes"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("receptacle"), labor(1, 2)],
      },
      {
        id: "dimmer",
        name: { en: "dimmer installation", es: "instalación de reguladores" },
        match: /\bdimmers?( switch(es)?)?\b|\breguladore?s?( de intensidad)?\b/,
        measure: count(["dimmer", "dimmers"], ["regulador", "reguladores"]),
        default: 1,
        lines: [one("dimmer"), labor(1, 2)],
      },
      {
        id: "switch",
        name: { en: "switch replacement", es: "cambio de interruptores" },
        match: /\b(light |wall )?switch(es)?\b|\binterruptore?s?\b|\bapagadore?s?\b/,
        measure: count(["switch", "switches"], ["interruptor", "interruptores"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("switch"), labor(2, 5)],
      },
      {
        id: "breaker",
        name: { en: "breaker replacement", es: "cambio de interruptores termomagnéticos" },
        match: /\b(circuit )?breakers?\b|\bpastillas?\b|\btermomagneticos?\b/,
        measure: count(["breaker", "breakers"], ["interruptor", "interruptores"]),
        default: 1,
        lines: [one("breaker-20"), labor(1, 2)],
      },
      {
        id: "circuit",
        name: { en: "new circuit", es: "circuito nuevo" },
        match: /\b(new |dedicated |additional )?circuits?\b|\bcircuitos?( nuevos?| dedicados?)?\b/,
        measure: count(["circuit", "circuits"], ["circuito", "circuitos"]),
        default: 1,
        lines: [
          one("breaker-20"),
          {
            item: "cable-12",
            per: [50, 1],
            note: { en: "Assumes a 50 ft run per circuit.", es: "Supone 50 pies de recorrido por circuito." },
          },
          labor(3),
        ],
      },
    ],
  },

  plumbing: {
    labor: { name: { en: "Plumber labor", es: "Mano de obra de plomero" }, rate: 11000 },
    risk: {
      en: "Hidden pipe condition (corrosion, earlier repairs, shut-off valves that do not close) can change the scope.",
      es: "El estado oculto de la tubería (corrosión, reparaciones anteriores, llaves de paso que no cierran) puede cambiar el alcance.",
    },
    fallback: [
      { item: "service-plumbing", fixed: 100 },
      {
        fixed: 300,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "tankless",
        name: { en: "tankless water heater installation", es: "instalación de calentador instantáneo" },
        match: /\btankless( water heaters?)?\b|\bcalentador(es)? (instantaneos?|de paso)\b/,
        measure: count(["water heater", "water heaters"], ["calentador", "calentadores"]),
        default: 1,
        lines: [one("tankless"), one("tankless-vent"), labor(8), once("permit-plumbing", { note: PERMIT_NOTE })],
      },
      {
        id: "water-heater",
        name: { en: "water heater replacement", es: "cambio de calentador de agua" },
        match: /\b(water heaters?|hot water (heaters?|tanks?)|calentador(es)?( de agua)?|boilers?)\b/,
        measure: count(["water heater", "water heaters"], ["calentador", "calentadores"]),
        default: 1,
        variant: {
          read: /\b(\d{2,3})\s*-?\s*(?:gal(?:lons?)?|galones?)\b/,
          default: 50,
          unit: { en: "gallon", es: "galones" },
          options: [30, 40, 50, 75].map((size) => ({
            size,
            lines: [one(`wh-gas-${size}`, { when: GAS }), one(`wh-electric-${size}`, { unless: GAS })],
          })),
        },
        lines: [one("wh-kit"), one("wh-haul"), labor(3), once("permit-plumbing", { note: PERMIT_NOTE })],
      },
      {
        id: "repipe",
        name: { en: "repiping", es: "cambio de tubería" },
        match:
          /\bre-?pip(e|ing)\b|\breplace (all |the )?(old |galvanized |polybutylene )*(pipes|piping|plumbing)\b|\bcambiar (toda )?la tuberia\b/,
        measure: AREA,
        default: 1500,
        lines: [one("repipe-materials"), one("access-patch"), labor(7, 200), once("permit-plumbing", { note: PERMIT_NOTE })],
      },
      {
        id: "sewer",
        name: { en: "sewer line replacement", es: "cambio de línea de drenaje" },
        match: /\b(sewer|main drain) (line|pipe)s?\b|\b(linea|tubo) de drenaje\b/,
        measure: LENGTH,
        default: 40,
        lines: [one("sewer-pipe"), once("excavator-day"), labor(1, 2), once("permit-plumbing", { note: PERMIT_NOTE })],
      },
      {
        id: "drain",
        name: { en: "drain cleaning", es: "destape de drenajes" },
        match:
          /\b(clogg?ed|slow|backed[- ]up|blocked)\s+(\w+\s+)?(drains?|sinks?|toilets?|tubs?|showers?)\b|\bdrain cleaning\b|\bsnake\b|\bdestapar\b|\batascad[oa]s?\b|\btapad[oa]s?\b/,
        measure: count(["drain", "drains"], ["drenaje", "drenajes"]),
        default: 1,
        lines: [one("drain-cleaning")],
      },
      {
        id: "faucet-repair",
        name: { en: "faucet repair", es: "reparación de grifo" },
        match: /\b(leak(y|ing)|dripp?(ing|y)?)\s+(\w+\s+)?faucets?\b|\bfaucet (repair|leak)s?\b|\bgrifos? que gotea\b/,
        measure: count(["faucet", "faucets"], ["grifo", "grifos"]),
        default: 1,
        lines: [one("cartridge"), labor(1)],
      },
      {
        id: "sillcock",
        name: { en: "outdoor faucet replacement", es: "cambio de llave exterior" },
        match: /\b(hose bibb?s?|outdoor (faucets?|spigots?)|spigots?|sillcocks?)\b|\bllaves? (exteriore?s?|de jardin)\b/,
        measure: count(["faucet", "faucets"], ["llave", "llaves"]),
        default: 1,
        lines: [one("sillcock"), labor(3, 2)],
      },
      {
        id: "leak",
        name: { en: "leak repair", es: "reparación de fuga" },
        match: /\b(leak(s|ing|y)?|burst pipes?|broken pipes?|pipe repairs?|fugas?)\b/,
        measure: count(["leak", "leaks"], ["fuga", "fugas"]),
        default: 1,
        lines: [one("leak-materials"), labor(2)],
      },
      {
        id: "toilet",
        name: { en: "toilet replacement", es: "cambio de inodoro" },
        match: /\btoilets?\b|\binodoros?\b|\bexcusados?\b|\bsanitarios?\b/,
        measure: count(["toilet", "toilets"], ["inodoro", "inodoros"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("toilet"), one("toilet-kit"), labor(3, 2)],
      },
      {
        id: "faucet",
        name: { en: "faucet replacement", es: "cambio de grifo" },
        match: /\b(kitchen |bathroom |bath |lavatory )?faucets?\b|\bgrifos?\b|\bllaves? de agua\b|\bmezcladoras?\b/,
        measure: count(["faucet", "faucets"], ["grifo", "grifos"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("faucet", { note: ALLOWANCE }), one("supply-lines"), labor(1)],
      },
      {
        id: "disposal",
        name: { en: "garbage disposal installation", es: "instalación de triturador" },
        match: /\b(garbage )?disposals?\b|\bdisposers?\b|\btrituradore?s?\b/,
        measure: count(["disposal", "disposals"], ["triturador", "trituradores"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("disposal"), labor(5, 4)],
      },
      {
        id: "sink",
        name: { en: "sink replacement", es: "cambio de fregadero o lavabo" },
        match: /\bsinks?\b|\bfregaderos?\b|\blavabos?\b|\blavamanos\b|\btarjas?\b/,
        measure: count(["sink", "sinks"], ["fregadero", "fregaderos"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("sink", { note: ALLOWANCE }), one("drain-kit"), labor(2)],
      },
      {
        id: "shower-valve",
        name: { en: "shower valve replacement", es: "cambio de válvula de ducha" },
        match: /\bshower (valves?|cartridges?|faucets?|mixers?)\b|\bvalvulas? de (la )?ducha\b/,
        measure: count(["valve", "valves"], ["válvula", "válvulas"]),
        default: 1,
        unlessTasks: REMODELS,
        lines: [one("shower-valve"), labor(5, 2)],
      },
      {
        id: "sump",
        name: { en: "sump pump installation", es: "instalación de bomba de sumidero" },
        match: /\bsump pumps?\b|\bbombas? de sumidero\b/,
        measure: count(["pump", "pumps"], ["bomba", "bombas"]),
        default: 1,
        lines: [one("sump-pump"), one("sump-kit"), labor(5, 2)],
      },
      {
        id: "gas-line",
        name: { en: "gas line", es: "línea de gas" },
        match: /\bgas (lines?|pipes?|piping)\b|\blineas? de gas\b|\btuberia de gas\b/,
        measure: LENGTH,
        default: 20,
        lines: [one("gas-pipe"), labor(1, 4), once("permit-plumbing", { note: PERMIT_NOTE })],
      },
      {
        id: "softener",
        name: { en: "water softener installation", es: "instalación de suavizador de agua" },
        match: /\bwater softeners?\b|\bsuavizador(es)?( de agua)?\b/,
        measure: count(["softener", "softeners"], ["suavizador", "suavizadores"]),
        default: 1,
        lines: [one("softener"), one("softener-kit"), labor(3)],
      },
    ],
  },

  hvac: {
    labor: { name: { en: "HVAC technician labor", es: "Mano de obra de técnico de climatización" }, rate: 11500 },
    risk: {
      en: "The existing ductwork, electrical capacity and refrigerant lines must be checked for the new equipment.",
      es: "Hay que revisar si los ductos, la capacidad eléctrica y las líneas de refrigerante existentes sirven para el equipo nuevo.",
    },
    fallback: [
      { item: "service-hvac", fixed: 100 },
      {
        fixed: 200,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "minisplit",
        name: { en: "ductless mini-split installation", es: "instalación de minisplit" },
        match: /\bmini[- ]?splits?\b|\bductless\b|\bminisplits?\b/,
        measure: count(["zone", "zones"], ["zona", "zonas"]),
        default: 1,
        lines: [
          one("minisplit"),
          one("lineset-15"),
          one("disconnect"),
          labor(6),
          once("permit-mechanical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "heat-pump",
        name: { en: "heat pump installation", es: "instalación de bomba de calor" },
        match: /\bheat pumps?\b|\bbombas? de calor\b/,
        measure: count(["system", "systems"], ["equipo", "equipos"]),
        default: 1,
        variant: {
          read: /\b(\d(?:\.\d)?)\s*-?\s*(?:tons?|toneladas?)\b/,
          default: 3,
          unit: { en: "ton", es: "toneladas" },
          options: [2, 3, 4, 5].map((size) => ({ size, lines: [one(`hp-${size}`)] })),
        },
        lines: [
          one("air-handler"),
          {
            item: "lineset",
            per: [25, 1],
            note: { en: "Assumes a 25 ft line set.", es: "Supone un juego de líneas de 25 pies." },
          },
          one("disconnect"),
          labor(14),
          once("permit-mechanical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "duct-cleaning",
        name: { en: "duct cleaning", es: "limpieza de ductos" },
        match: /\bduct cleaning\b|\bclean (the )?ducts\b|\blimpieza de ductos\b/,
        measure: JOB,
        default: 1,
        lines: [one("duct-cleaning")],
      },
      {
        id: "ac",
        name: { en: "AC replacement", es: "cambio de aire acondicionado" },
        match: /\b(central )?(ac|a\/c|air condition(er|ers|ing)|condenser|cooling system)( units?)?\b|\baires? acondicionados?\b/,
        measure: count(["system", "systems"], ["equipo", "equipos"]),
        default: 1,
        variant: {
          read: /\b(\d(?:\.\d)?)\s*-?\s*(?:tons?|toneladas?)\b/,
          default: 3,
          unit: { en: "ton", es: "toneladas" },
          options: [2, 3, 4, 5].map((size) => ({ size, lines: [one(`ac-${size}`)] })),
        },
        lines: [
          one("coil"),
          {
            item: "lineset",
            per: [25, 1],
            note: { en: "Assumes a 25 ft line set.", es: "Supone un juego de líneas de 25 pies." },
          },
          one("disconnect"),
          labor(10),
          once("permit-mechanical", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "furnace",
        name: { en: "furnace replacement", es: "cambio de calefactor" },
        match: /\b(gas |electric )?furnaces?\b|\bcalefactore?s?\b|\bcalentones?\b/,
        measure: count(["furnace", "furnaces"], ["calefactor", "calefactores"]),
        default: 1,
        variant: {
          read: /\b(\d{2,3})\s*(?:,?000|k)\s*btus?\b/,
          default: 80,
          unit: { en: "thousand BTU", es: "mil BTU" },
          options: [60, 80, 100, 120].map((size) => ({ size, lines: [one(`furnace-${size}`)] })),
        },
        lines: [one("furnace-kit"), labor(8), once("permit-mechanical", { note: PERMIT_NOTE })],
      },
      {
        id: "ductwork",
        name: { en: "ductwork", es: "ductos" },
        match: /\bduct(s|work|ing)?\b|\bductos?\b/,
        measure: LENGTH,
        default: 50,
        lines: [
          one("duct"),
          {
            item: "register",
            per: [1, 10],
            round: "whole",
            note: { en: "About one register every 10 ft of duct.", es: "Aproximadamente una salida cada 10 pies de ducto." },
          },
          labor(3, 10),
        ],
      },
      {
        id: "thermostat",
        name: { en: "thermostat installation", es: "instalación de termostato" },
        match: /\b(smart |programmable |wifi |wi-fi )?thermostats?\b|\btermostatos?\b/,
        measure: count(["thermostat", "thermostats"], ["termostato", "termostatos"]),
        default: 1,
        lines: [one("thermostat"), labor(1)],
      },
      {
        id: "tune-up",
        name: { en: "tune-up", es: "mantenimiento" },
        match: /\btune[- ]?ups?\b|\b(annual |preventive |seasonal )?maintenance\b|\bmantenimientos?\b|\binspections?\b/,
        measure: count(["system", "systems"], ["equipo", "equipos"]),
        default: 1,
        needs: /hvac|furnace|\bac\b|a\/c|air condition|heat pump|climatiza|calefac|aire acondicionado/,
        lines: [one("tune-up")],
      },
      {
        id: "refrigerant",
        name: { en: "refrigerant leak search and recharge", es: "búsqueda de fuga y recarga de refrigerante" },
        match: /\b(recharge|refrigerant|freon|r-?410a?|r-?22)\b|\brecarga( de gas)?\b|\bnot cooling\b|\bno enfria\b/,
        measure: JOB,
        default: 1,
        lines: [
          {
            item: "refrigerant",
            fixed: 300,
            note: {
              en: "About 3 lb; the actual charge depends on the leak.",
              es: "Unas 3 lb; la carga real depende de la fuga.",
            },
          },
          labor(2),
        ],
      },
    ],
  },

  general: {
    labor: { name: { en: "Carpenter and general labor", es: "Mano de obra de carpintería y obra general" }, rate: 7500 },
    risk: {
      en: "Hidden structural, moisture or code problems found during demolition are priced separately.",
      es: "Los problemas estructurales, de humedad o de normativa que aparezcan al demoler se cotizan aparte.",
    },
    fallback: [
      { item: "service-general", fixed: 100 },
      {
        fixed: 800,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "bath-remodel",
        name: { en: "bathroom remodel", es: "remodelación de baño" },
        match:
          /\b(bath(room)?|bano) (remodel(ing)?|renovation|makeover)\b|\b(remodel(ing)?|renovat(e|ing)) (the |a |my |our )?(master |guest |hall |main )?bath(room)?s?\b|\bremodelar (el )?bano\b/,
        measure: count(["bathroom", "bathrooms"], ["baño", "baños"]),
        default: 1,
        lines: [
          one("bath-fixtures", { note: ALLOWANCE }),
          one("bath-tile", { note: ALLOWANCE }),
          one("trade-sub-bath"),
          labor(90, 1, {
            note: {
              en: "Demolition, framing repairs, backer board, tile setting and finish carpentry.",
              es: "Demolición, reparaciones de estructura, placa de cemento, colocación de azulejo y carpintería de acabado.",
            },
          }),
          once("dumpster"),
          once("permit-building", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "kitchen-remodel",
        name: { en: "kitchen remodel", es: "remodelación de cocina" },
        match:
          /\bkitchen (remodel(ing)?|renovation|makeover)\b|\b(remodel(ing)?|renovat(e|ing)) (the |a |my |our )?kitchens?\b|\bremodelar (la )?cocina\b/,
        measure: count(["kitchen", "kitchens"], ["cocina", "cocinas"]),
        default: 1,
        lines: [
          one("cabinets", { note: ALLOWANCE }),
          one("countertops", { note: ALLOWANCE }),
          one("kitchen-fixtures", { note: ALLOWANCE }),
          one("trade-sub-kitchen"),
          labor(160, 1, {
            note: {
              en: "Demolition, cabinet installation, drywall, trim and finish work.",
              es: "Demolición, instalación de gabinetes, tablaroca, molduras y acabados.",
            },
          }),
          once("dumpster"),
          once("permit-building", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "deck",
        name: { en: "deck construction", es: "construcción de terraza" },
        match: /\b(new |wood |composite )?deck(s|ing)?\b|\bterrazas? de madera\b|\bdeck\b/,
        measure: AREA,
        default: 200,
        skipIf: /\b(stain|seal|paint|wash|clean)\w*\b.{0,30}\bdeck|\bdeck\b.{0,15}\b(stain|seal|paint|wash|clean)/,
        lines: [
          one("deck-materials", { unless: /composite|compuest/ }),
          one("composite-deck", { when: /composite|compuest/ }),
          {
            item: "footing",
            per: [1, 40],
            round: "whole",
            note: {
              en: "About one footing per 40 sq ft of deck.",
              es: "Aproximadamente una zapata por cada 40 pie² de terraza.",
            },
          },
          labor(1, 5),
          once("permit-building", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "drywall-repair",
        name: { en: "drywall repair", es: "reparación de tablaroca" },
        match:
          /\b(drywall|wall|sheetrock) (repairs?|patch(es|ing)?)\b|\bpatch(es)?\b|\bholes? in (the )?(drywall|walls?)\b|\bresanes?\b/,
        measure: count(["patch", "patches"], ["resane", "resanes"]),
        default: 1,
        lines: [one("patch-kit"), labor(3, 2)],
      },
      {
        id: "drywall",
        name: { en: "drywall installation", es: "instalación de tablaroca" },
        match: /\bdrywall\b|\bsheetrock\b|\bgypsum board\b|\btablaroca\b|\bpaneles? de yeso\b/,
        measure: AREA,
        default: 200,
        lines: [
          {
            item: "drywall-sheet",
            per: [1, 29],
            round: "whole",
            note: {
              en: "A 4×8 sheet covers 32 sq ft; about 10% extra for cuts.",
              es: "Una plancha de 4×8 cubre 32 pie²; cerca de un 10% extra por cortes.",
            },
          },
          one("drywall-finish"),
          labor(1, 20, { note: { en: "Hang, tape and finish to level 4.", es: "Colocar, encintar y dar acabado nivel 4." } }),
        ],
      },
      {
        id: "framing",
        name: { en: "wall framing", es: "estructura de muros" },
        match: /\bfram(e|ing)\b|\b(stud|partition) walls?\b|\bnew walls?\b|\bbuild (a )?walls?\b|\bmuros? divisorios?\b/,
        measure: LENGTH,
        default: 12,
        lines: [one("framing"), labor(3, 5)],
      },
      {
        id: "garage-door",
        name: { en: "garage door replacement", es: "cambio de puerta de garaje" },
        match: /\bgarage doors?\b|\bpuertas? de(l)? garaje\b|\bportones?\b/,
        measure: count(["door", "doors"], ["puerta", "puertas"]),
        default: 1,
        lines: [one("garage-door", { note: ALLOWANCE }), labor(6)],
      },
      {
        id: "exterior-door",
        name: { en: "exterior door replacement", es: "cambio de puerta exterior" },
        match: /\b(exterior|entry|front|back|patio) doors?\b|\bpuertas? (exteriore?s?|de entrada|principal)\b/,
        measure: count(["door", "doors"], ["puerta", "puertas"]),
        default: 1,
        lines: [one("exterior-door", { note: ALLOWANCE }), one("exterior-door-hardware"), labor(4)],
      },
      {
        id: "interior-door",
        name: { en: "interior door installation", es: "instalación de puertas interiores" },
        match: /\b(interior )?doors?\b|\bpuertas?( interiore?s?)?\b/,
        measure: count(["door", "doors"], ["puerta", "puertas"]),
        default: 1,
        lines: [one("interior-door"), one("door-hardware"), labor(2)],
      },
      {
        id: "window",
        name: { en: "window replacement", es: "cambio de ventanas" },
        match: /\bwindows?\b|\bventanas?\b/,
        measure: count(["window", "windows"], ["ventana", "ventanas"]),
        default: 1,
        lines: [one("window", { note: ALLOWANCE }), one("window-trim"), labor(5, 2)],
      },
      {
        id: "trim",
        name: { en: "trim carpentry", es: "carpintería de molduras" },
        match: /\b(baseboards?|trim|crown moldings?|moldings?|mouldings?|casings?|zoclos?|zocalos?|molduras?)\b/,
        measure: LENGTH,
        default: 100,
        lines: [{ item: "trim", per: [11, 10], round: "whole", note: WASTE_10 }, labor(3, 50)],
      },
      {
        id: "concrete",
        name: { en: "concrete slab", es: "losa de concreto" },
        match:
          /\bconcrete (slabs?|patios?|pads?|driveways?|walkways?|sidewalks?)\b|\blosas? de (concreto|hormigon)\b|\bbanquetas?\b/,
        measure: AREA,
        default: 200,
        lines: [
          {
            item: "concrete",
            per: [1, 81],
            round: "half",
            note: { en: "One cubic yard pours about 81 sq ft at 4 in.", es: "Una yarda cúbica cubre unos 81 pie² a 4 pulg." },
          },
          one("concrete-base"),
          labor(2, 25),
        ],
      },
      {
        id: "insulation",
        name: { en: "insulation", es: "aislamiento" },
        match: /\binsulat(e|ion|ing)\b|\baislamiento\b|\baislar\b/,
        measure: AREA,
        default: 1000,
        lines: [one("insulation"), labor(1, 100)],
      },
      {
        id: "demolition",
        name: { en: "demolition", es: "demolición" },
        match: /\b(demo(lition)?|tear[- ]?out|gut)\b|\bdemoler\b|\bdemolicion\b/,
        measure: AREA,
        default: 150,
        shareMeasure: true,
        lines: [labor(3, 50), once("dumpster")],
      },
      {
        id: "dumpster",
        name: { en: "debris removal", es: "retiro de escombros" },
        match: /\bdumpsters?\b|\bdebris (removal|haul(ing)?)\b|\bcontenedore?s?\b|\bescombros?\b/,
        measure: JOB,
        default: 1,
        lines: [once("dumpster")],
      },
    ],
  },

  roofing: {
    labor: { name: { en: "Roofer labor", es: "Mano de obra de techador" }, rate: 7000 },
    risk: {
      en: "Rotten decking found during tear-off is replaced at an extra cost per sheet; weather can delay the work.",
      es: "La cubierta de madera podrida que aparezca al retirar el techo se cambia con costo extra por plancha; el clima puede retrasar el trabajo.",
    },
    fallback: [
      { item: "roof-inspection", fixed: 100 },
      {
        fixed: 400,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "gutter-cleaning",
        name: { en: "gutter cleaning", es: "limpieza de canaletas" },
        match: /\bgutter clean(ing)?\b|\bclean(ing)? (the |my |out )?gutters\b|\blimpi(ar|eza) (de )?(las )?canaletas\b/,
        measure: JOB,
        default: 1,
        lines: [one("gutter-cleaning")],
      },
      {
        id: "roof-repair",
        name: { en: "roof repair", es: "reparación de techo" },
        match:
          /\broof (repairs?|leaks?|patch(es)?)\b|\b(repair|fix|patch)(ing)? (the |a |my |our )?roof\b|\b(leak(ing|y)?|damaged) roof\b|\b(missing|damaged|loose|blown[- ]off) shingles?\b|\breparar (el )?techo\b|\bgoteras?\b/,
        measure: count(["repair", "repairs"], ["reparación", "reparaciones"]),
        default: 1,
        lines: [
          one("roof-repair"),
          labor(4, 1, {
            note: {
              en: "Most roofers charge a minimum for a repair visit.",
              es: "La mayoría de los techadores cobra un mínimo por visita de reparación.",
            },
          }),
        ],
      },
      {
        id: "skylight",
        name: { en: "skylight installation", es: "instalación de tragaluz" },
        match: /\bskylights?\b|\btragaluz\b|\btragaluces\b|\bclaraboyas?\b/,
        measure: count(["skylight", "skylights"], ["tragaluz", "tragaluces"]),
        default: 1,
        lines: [one("skylight"), labor(5)],
      },
      {
        id: "chimney",
        name: { en: "chimney flashing", es: "tapajuntas de chimenea" },
        match: /\bchimney( flashing)?\b|\bchimeneas?\b/,
        measure: count(["chimney", "chimneys"], ["chimenea", "chimeneas"]),
        default: 1,
        lines: [one("chimney-flashing"), labor(4)],
      },
      {
        id: "gutters",
        name: { en: "gutter installation", es: "instalación de canaletas" },
        match: /\bgutters?\b|\bcanaletas?\b|\bcanalones?\b/,
        measure: LENGTH,
        default: 150,
        lines: [
          one("gutter"),
          {
            item: "downspout",
            per: [1, 35],
            round: "whole",
            note: {
              en: "About one downspout per 35 ft of gutter.",
              es: "Aproximadamente un bajante por cada 35 pies de canaleta.",
            },
          },
          labor(1, 20),
        ],
      },
      {
        id: "fascia",
        name: { en: "fascia and soffit repair", es: "reparación de fascia y plafón" },
        match: /\b(fascias?|soffits?)\b|\bplafon(es)?\b/,
        measure: LENGTH,
        default: 50,
        lines: [one("fascia"), labor(3, 20)],
      },
      {
        id: "metal-roof",
        name: { en: "metal roof installation", es: "instalación de techo metálico" },
        match: /\bmetal roof(s|ing)?\b|\bstanding[- ]seam\b|\btechos? (de metal|metalicos?)\b/,
        measure: SQUARES,
        default: 20,
        lines: [
          { item: "metal-panels", per: [11, 10], round: "whole", note: WASTE_10 },
          one("metal-underlayment"),
          labor(1, 1, {
            when: /tear[- ]?off|remove|replace|retirar|cambiar/,
            label: TEAR_OFF,
            note: { en: "Tear-off of the old roof.", es: "Retiro del techo viejo." },
          }),
          labor(4),
          one("roof-disposal", { when: /tear[- ]?off|remove|replace|retirar|cambiar/ }),
          once("permit-roofing", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "flat-roof",
        name: { en: "flat roof membrane", es: "membrana de techo plano" },
        match: /\b(flat|low[- ]slope) roofs?\b|\btpo\b|\bepdm\b|\bmodified bitumen\b|\btechos? planos?\b/,
        measure: SQUARES,
        default: 10,
        lines: [
          { item: "tpo", per: [11, 10], round: "whole", note: WASTE_10 },
          one("roof-insulation"),
          labor(3),
          one("roof-disposal"),
          once("permit-roofing", { note: PERMIT_NOTE }),
        ],
      },
      {
        id: "shingle-roof",
        name: { en: "shingle roof replacement", es: "cambio de techo de tejas asfálticas" },
        match:
          /\b(re-?roof(ing)?|roof replacement|replace (the |my |our )?roof|new roof|asphalt shingles?|architectural shingles?|shingles?|roof(s|ing)?)\b|\btechos?\b|\btejados?\b|\btejas?\b/,
        measure: SQUARES,
        default: 20,
        needs: /replace|new roof|re-?roof|shingle|tear[- ]?off|cambiar|nuevo|tejas/,
        lines: [
          { item: "shingles", per: [11, 10], round: "whole", note: WASTE_10 },
          one("underlayment"),
          one("roof-accessories"),
          labor(1, 1, {
            unless: /overlay|layover|over the existing|second layer/,
            label: TEAR_OFF,
            note: { en: "Tear-off of one layer.", es: "Retiro de una capa." },
          }),
          labor(2),
          one("roof-disposal", { unless: /overlay|layover|over the existing|second layer/ }),
          once("permit-roofing", { note: PERMIT_NOTE }),
        ],
      },
    ],
  },

  flooring: {
    labor: { name: { en: "Flooring installer labor", es: "Mano de obra de instalador de pisos" }, rate: 6500 },
    risk: {
      en: "The subfloor must be flat, sound and dry; leveling or moisture mitigation is extra if it is not.",
      es: "El contrapiso debe estar plano, firme y seco; nivelarlo o tratar la humedad se cobra aparte si no lo está.",
    },
    fallback: [
      { item: "service-flooring", fixed: 100 },
      {
        fixed: 800,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "floor-removal",
        name: { en: "removal of the old flooring", es: "retiro del piso viejo" },
        match:
          /\b(remov(e|ing|al of)|tear(ing)? out|rip(ping)? (out|up)|pull(ing)? up|demo(lish)?|quitar|retirar)\s+(the |old |existing |all |el |la |los |las |viej[oa]s? |actual(es)? )*(carpet(ing)?|flooring|floors?|tiles?|laminate|vinyl|linoleum|hardwood|alfombras?|pisos?|baldosas?|azulejos?)\b/,
        measure: AREA,
        default: 200,
        shareMeasure: true,
        lines: [one("floor-disposal"), labor(1, 50)],
      },
      {
        id: "leveling",
        name: { en: "subfloor leveling", es: "nivelación del contrapiso" },
        match: /\bself[- ]level(l)?(ing|er)\b|\b(floor )?level(l)?ing\b|\bsubfloor\b|\bnivelar\b|\bcontrapiso\b/,
        measure: AREA,
        default: 200,
        shareMeasure: true,
        needs: /floor|piso|contrapiso/,
        lines: [one("leveler"), labor(1, 50)],
      },
      {
        id: "refinish",
        name: { en: "hardwood refinishing", es: "restauración de piso de madera" },
        match:
          /\brefinish(ing)?\b|\bsand(ing)? (and (refinish|finish|stain)\w* )?(the )?(hardwood |wood )?floors?\b|\bpulir (el )?pisos?\b|\brestaurar (el )?pisos?\b/,
        measure: AREA,
        default: 300,
        lines: [one("refinish-materials"), labor(1, 25)],
      },
      {
        id: "laminate",
        name: { en: "laminate installation", es: "instalación de piso laminado" },
        match: /\blaminate( flooring| floors?)?\b|\b(piso )?laminado\b/,
        measure: AREA,
        default: 200,
        lines: [
          { item: "laminate", per: [11, 10], round: "whole", note: WASTE_10 },
          one("foam-underlayment"),
          one("transitions"),
          labor(3, 100),
        ],
      },
      {
        id: "vinyl",
        name: { en: "vinyl plank installation", es: "instalación de piso vinílico" },
        match:
          /\b(lvp|lvt|luxury vinyl( planks?| tiles?)?|vinyl planks?|vinyl( flooring| floors?)?)\b|\b(piso )?vinilico\b|\bvinil(o)?\b/,
        measure: AREA,
        default: 200,
        lines: [{ item: "lvp", per: [11, 10], round: "whole", note: WASTE_10 }, one("transitions"), labor(1, 40)],
      },
      {
        id: "hardwood",
        name: { en: "hardwood installation", es: "instalación de piso de madera" },
        match: /\b(engineered |solid )?hardwood( flooring| floors?)?\b|\bwood floor(s|ing)?\b|\bpisos? de madera\b|\bduela\b/,
        measure: AREA,
        default: 200,
        lines: [
          { item: "hardwood", per: [11, 10], round: "whole", unless: /engineered|ingenieria/, note: WASTE_10 },
          { item: "engineered", per: [11, 10], round: "whole", when: /engineered|ingenieria/, note: WASTE_10 },
          one("hardwood-supplies"),
          labor(3, 50),
        ],
      },
      {
        id: "tile",
        name: { en: "tile installation", es: "colocación de baldosas" },
        match: /\b(porcelain |ceramic )?tiles?( floor(s|ing)?)?\b|\b(azulejos?|baldosas?|losetas?|ceramica|porcelanato)\b/,
        measure: AREA,
        default: 100,
        unlessTasks: REMODELS,
        lines: [
          { item: "tile", per: [23, 20], round: "whole", note: WASTE_15 },
          one("tile-setting"),
          one("tile-backer"),
          labor(1, 10),
        ],
      },
      {
        id: "carpet",
        name: { en: "carpet installation", es: "instalación de alfombra" },
        match: /\bcarpet(s|ing)?\b|\balfombras?\b|\bmoquetas?\b/,
        measure: AREA,
        default: 200,
        lines: [
          { item: "carpet", per: [11, 10], round: "whole", note: WASTE_10 },
          one("carpet-pad"),
          one("tack-strip"),
          labor(1, 60),
        ],
      },
      {
        id: "stairs",
        name: { en: "stair treads", es: "escalones" },
        match: /\bstairs?\b|\bstaircases?\b|\bsteps\b|\bescaleras?\b|\bescalones\b/,
        measure: count(["step", "steps"], ["escalón", "escalones"]),
        default: 13,
        needs: /floor|carpet|tread|hardwood|vinyl|laminate|piso|alfombra|madera/,
        lines: [one("stair-tread"), labor(3, 4)],
      },
    ],
  },

  painting: {
    labor: { name: { en: "Painter labor", es: "Mano de obra de pintor" }, rate: 5500 },
    risk: {
      en: "Surface preparation (patching, peeling paint, stains) can take longer than planned.",
      es: "La preparación de superficies (resanes, pintura descascarada, manchas) puede tardar más de lo previsto.",
    },
    fallback: [
      { item: "paint-allowance", fixed: 100, note: ALLOWANCE },
      {
        fixed: 800,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "cabinets",
        name: { en: "cabinet painting", es: "pintura de gabinetes" },
        match: /\b(kitchen )?cabinet( doors?| fronts?)?s?\b|\bgabinetes?\b|\balacenas?\b/,
        measure: count(
          ["door or drawer front", "doors and drawer fronts"],
          ["puerta o frente de cajón", "puertas y frentes de cajón"],
        ),
        default: 20,
        needs: /paint|pintar|pintura|refinish|repaint/,
        lines: [
          one("cabinet-paint"),
          labor(5, 4, {
            note: {
              en: "Degrease, sand, prime and two enamel coats, per door or drawer front.",
              es: "Desengrasar, lijar, sellar y dos manos de esmalte, por puerta o frente.",
            },
          }),
        ],
      },
      {
        id: "stain",
        name: { en: "deck or fence staining", es: "tinte de terraza o cerca" },
        match: /\b(stain|seal)(ing)?\b[^.]{0,30}\b(deck|fence)s?\b|\b(deck|fence)s? (stain|seal)(ing)?\b|\btenir\b|\bbarnizar\b/,
        measure: AREA,
        default: 300,
        lines: [
          {
            item: "stain",
            per: [1, 150],
            round: "whole",
            note: { en: "One coat at about 150 sq ft per gallon.", es: "Una mano a unos 150 pie² por galón." },
          },
          one("pressure-wash"),
          labor(1, 50),
        ],
      },
      {
        id: "exterior",
        name: { en: "exterior painting", es: "pintura exterior" },
        match: /\b(exterior|outside( of the (house|home))?|siding|house exterior)\b|\bfachadas?\b|\bexterior de la casa\b/,
        measure: AREA,
        default: 2000,
        needs: /paint|pintar|pintura/,
        lines: [
          {
            item: "exterior-paint",
            per: [1, 150],
            round: "whole",
            note: {
              en: "Two coats at about 300 sq ft per gallon per coat.",
              es: "Dos manos a unos 300 pie² por galón por mano.",
            },
          },
          {
            item: "exterior-primer",
            per: [1, 1000],
            round: "whole",
            note: { en: "Spot priming of bare and repaired areas.", es: "Sellado puntual de zonas desnudas o reparadas." },
          },
          once("exterior-sundries"),
          one("pressure-wash"),
          labor(1, 40),
        ],
      },
      {
        id: "popcorn",
        name: { en: "popcorn ceiling removal", es: "retiro de techo texturizado" },
        match: /\bpopcorn( ceilings?)?\b|\bacoustic ceilings?\b|\bcottage cheese ceilings?\b|\btirol\b|\bgota\b/,
        measure: AREA,
        default: 300,
        lines: [one("skim-coat"), labor(1, 25)],
      },
      {
        id: "wallpaper",
        name: { en: "wallpaper removal", es: "retiro de papel tapiz" },
        match: /\bwall ?paper\b|\bpapel tapiz\b/,
        measure: AREA,
        default: 300,
        lines: [once("wallpaper-remover"), labor(1, 30)],
      },
      {
        id: "rooms",
        name: { en: "interior room painting", es: "pintura de habitaciones" },
        match:
          /\b(bed ?rooms?|living rooms?|dining rooms?|family rooms?|great rooms?|kitchens?|bath ?rooms?|offices?|hallways?|dens?|nurser(y|ies)|rooms?|dormitorios?|recamaras?|habitacion(es)?|cuartos?|salas?|comedore?s?|cocinas?|banos?|oficinas?|pasillos?)\b/,
        measure: count(["room", "rooms"], ["habitación", "habitaciones"]),
        default: 1,
        countDistinct: true,
        needs: /paint|pintar|pintura/,
        lines: [
          {
            item: "interior-paint",
            per: [5, 2],
            round: "whole",
            note: {
              en: "About 2.5 gallons for walls and ceiling of a 12×12 ft room, two coats.",
              es: "Unos 2.5 galones para paredes y techo de una habitación de 12×12 pies, dos manos.",
            },
          },
          one("room-sundries"),
          labor(7, 1, {
            note: {
              en: "Prep, cut-in and two coats on walls and ceiling, per room.",
              es: "Preparación, recortes y dos manos en paredes y techo, por habitación.",
            },
          }),
        ],
      },
      {
        id: "walls",
        name: { en: "wall painting", es: "pintura de paredes" },
        match: /\b(walls?|ceilings?|paredes?|muros?)\b/,
        measure: AREA,
        default: 400,
        unlessTasks: ["rooms"],
        needs: /paint|pintar|pintura/,
        lines: [
          {
            item: "interior-paint",
            per: [1, 175],
            round: "whole",
            note: {
              en: "Two coats at about 350 sq ft per gallon per coat.",
              es: "Dos manos a unos 350 pie² por galón por mano.",
            },
          },
          labor(1, 60),
        ],
      },
      {
        id: "doors",
        name: { en: "door painting", es: "pintura de puertas" },
        match: /\b(interior )?doors?\b|\bpuertas?\b/,
        measure: count(["door", "doors"], ["puerta", "puertas"]),
        default: 1,
        needs: /paint|pintar|pintura/,
        lines: [one("door-paint"), labor(1)],
      },
      {
        id: "trim-paint",
        name: { en: "trim painting", es: "pintura de molduras" },
        match: /\b(trim|baseboards?|moldings?|mouldings?|window frames?|molduras?|zoclos?|zocalos?)\b/,
        measure: LENGTH,
        default: 100,
        needs: /paint|pintar|pintura/,
        lines: [{ item: "trim-paint", per: [1, 300], round: "whole" }, labor(1, 25)],
      },
      {
        id: "paint-patch",
        name: { en: "patching before painting", es: "resanes antes de pintar" },
        match: /\b(patch(es|ing)?|holes?|cracks?|grietas?|agujeros?)\b/,
        measure: count(["patch", "patches"], ["resane", "resanes"]),
        default: 3,
        lines: [one("paint-patch"), labor(3, 4)],
      },
    ],
  },

  landscaping: {
    labor: { name: { en: "Landscape crew labor", es: "Mano de obra de cuadrilla de jardinería" }, rate: 5000 },
    risk: {
      en: "Buried utilities: call 811 before any digging; weather can delay the work.",
      es: "Instalaciones enterradas: llame al 811 antes de excavar; el clima puede retrasar el trabajo.",
    },
    fallback: [
      { item: "service-landscaping", fixed: 100 },
      {
        fixed: 800,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "stump",
        name: { en: "stump grinding", es: "triturado de tocones" },
        match: /\b(grind(ing)? )?(\w+ )?stumps?( grinding| removal)?\b|\btocone?s?\b/,
        measure: count(["stump", "stumps"], ["tocón", "tocones"]),
        default: 1,
        lines: [one("stump-grinding")],
      },
      {
        id: "tree-removal",
        name: { en: "tree removal", es: "retiro de árboles" },
        match:
          /\b(remove|removing|removal of|cut down|take down|fell|quitar|cortar|talar)\s+(the |a |an |\d+ |one |two |three |four |five |dead |old |large |big |small |el |un |los |dos |tres )*(trees?|arboles?)\b|\btree removal\b/,
        measure: count(["tree", "trees"], ["árbol", "árboles"]),
        default: 1,
        lines: [one("tree-removal")],
      },
      {
        id: "trimming",
        name: { en: "trimming and pruning", es: "poda" },
        match:
          /\bhedge trimming\b|\b(trim(ming)?|prun(e|ing)) (the )?(hedges?|bushes|shrubs|trees?)\b|\bhedges?\b|\bpodar\b|\bpoda\b/,
        measure: JOB,
        default: 1,
        lines: [{ fixed: 400, round: "quarter" }, once("green-waste")],
      },
      {
        id: "tree-planting",
        name: { en: "tree planting", es: "plantación de árboles" },
        match: /\b(plant(ing)?|install(ing)?)\s+(\w+\s+){0,3}trees?\b|\bnew trees?\b|\bplantar (\w+ ){0,2}arboles?\b|\btrees?\b/,
        measure: count(["tree", "trees"], ["árbol", "árboles"]),
        default: 1,
        lines: [one("tree"), one("planting-supplies"), labor(3, 2)],
      },
      {
        id: "cleanup",
        name: { en: "lawn care and cleanup", es: "mantenimiento y limpieza del jardín" },
        match:
          /\b(mow(ing)?|lawn care|lawn maintenance|yard (clean[- ]?up|work)|clean[- ]?up|leaf removal|leaves|cortar (el )?(cesped|pasto))\b/,
        measure: count(["visit", "visits"], ["visita", "visitas"]),
        default: 1,
        needs: /yard|lawn|garden|leaves|leaf|mow|jardin|cesped|pasto/,
        lines: [one("mowing", { unless: /clean|leaves|leaf|limpi/ }), one("cleanup", { when: /clean|leaves|leaf|limpi/ })],
      },
      {
        id: "seed",
        name: { en: "lawn seeding", es: "siembra de pasto" },
        match: /\b(over|hydro)?seed(ing)?\b|\bsembrar\b|\bsemilla\b/,
        measure: AREA,
        default: 1000,
        lines: [one("grass-seed"), labor(1, 200)],
      },
      {
        id: "sod",
        name: { en: "sod installation", es: "instalación de tepe" },
        match: /\bsod\b|\bnew (lawn|grass)\b|\blawn\b|\bgrass\b|\bcesped\b|\bpasto\b|\btepes?\b/,
        measure: AREA,
        default: 1000,
        lines: [{ item: "sod", per: [21, 20], round: "whole", note: WASTE_5 }, one("topsoil"), labor(3, 200)],
      },
      {
        id: "mulch",
        name: { en: "mulching", es: "colocación de mantillo" },
        match: /\bmulch(ing)?\b|\bmantillo\b|\bcorteza\b/,
        measure: AREA,
        default: 300,
        lines: [
          {
            item: "mulch",
            per: [1, 108],
            round: "half",
            note: { en: "One cubic yard covers about 108 sq ft at 3 in.", es: "Una yarda cúbica cubre unos 108 pie² a 3 pulg." },
          },
          labor(1, 108),
        ],
      },
      {
        id: "lighting",
        name: { en: "landscape lighting", es: "iluminación exterior" },
        match: /\b(landscape|outdoor|garden|path(way)?) light(s|ing)?\b|\biluminacion (exterior|de jardin)\b/,
        measure: count(["light", "lights"], ["luminaria", "luminarias"]),
        default: 8,
        lines: [one("path-light"), once("transformer"), labor(1, 2)],
      },
      {
        id: "shrubs",
        name: { en: "shrub and plant installation", es: "plantación de arbustos y plantas" },
        match: /\b(shrubs?|bushes|plants?|perennials?|flowers?|arbustos?|plantas?|flores?)\b/,
        measure: count(["plant", "plants"], ["planta", "plantas"]),
        default: 10,
        lines: [one("shrub"), labor(1, 2)],
      },
      {
        id: "irrigation",
        name: { en: "sprinkler system", es: "sistema de riego" },
        match: /\b(sprinklers?|irrigation|drip (system|lines?))\b|\briego\b|\baspersore?s?\b/,
        measure: count(["zone", "zones"], ["zona", "zonas"]),
        default: 4,
        lines: [
          one("sprinkler-zone"),
          once("controller"),
          once("backflow", {
            note: { en: "Required by most water codes.", es: "Lo exige la mayoría de los reglamentos de agua." },
          }),
          labor(6),
        ],
      },
      {
        id: "fence",
        name: { en: "fence installation", es: "instalación de cerca" },
        match: /\bfenc(e|es|ing)\b|\bcercas?\b|\bvallas?\b|\bbardas?\b/,
        measure: LENGTH,
        default: 100,
        skipIf: /\b(stain|seal|paint)\w*\b[^.]{0,30}\bfence|\bfence\b.{0,15}\b(stain|seal|paint)/,
        lines: [
          one("wood-fence", { unless: /chain[- ]?link|vinyl|ciclonica|vinil/ }),
          one("chainlink-fence", { when: /chain[- ]?link|ciclonica/ }),
          one("vinyl-fence", { when: /vinyl|vinil/, unless: /chain[- ]?link|ciclonica/ }),
          {
            item: "fence-post",
            per: [1, 8],
            round: "whole",
            note: { en: "About one post every 8 ft.", es: "Aproximadamente un poste cada 8 pies." },
          },
          { item: "gate", fixed: 100, when: /\bgates?\b|\bportones?\b|\bpuerta\b/ },
          labor(3, 10),
        ],
      },
      {
        id: "pavers",
        name: { en: "paver patio", es: "patio de adoquines" },
        match: /\bpavers?\b|\bpatios?\b|\bflagstone\b|\bwalkways?\b|\badoquin(es)?\b|\bsenderos?\b/,
        measure: AREA,
        default: 200,
        lines: [
          { item: "pavers", per: [21, 20], round: "whole", note: WASTE_5 },
          one("paver-base"),
          one("paver-edge"),
          once("compactor"),
          labor(3, 25),
        ],
      },
      {
        id: "retaining-wall",
        name: { en: "retaining wall", es: "muro de contención" },
        match: /\bretaining walls?\b|\bmuros? de contencion\b/,
        measure: LENGTH,
        default: 30,
        lines: [one("wall-block"), one("wall-drainage"), labor(1)],
      },
      {
        id: "drainage",
        name: { en: "French drain", es: "dren francés" },
        match: /\bfrench drains?\b|\bdrainage\b|\bgrading\b|\bdrenajes?\b/,
        measure: LENGTH,
        default: 50,
        lines: [one("drain-materials"), once("trencher"), labor(7, 20)],
      },
    ],
  },

  other: {
    labor: { name: { en: "Handyman labor", es: "Mano de obra de mantenimiento general" }, rate: 7000 },
    risk: {
      en: "The scope is loosely defined: confirm it on site before committing to a price.",
      es: "El alcance no está bien definido: confírmelo en el sitio antes de comprometer un precio.",
    },
    fallback: [
      { item: "materials-allowance", fixed: 100, note: ALLOWANCE },
      {
        fixed: 400,
        note: {
          en: "A placeholder until the work is scoped on site.",
          es: "Valor provisional hasta definir el trabajo en el sitio.",
        },
      },
    ],
    tasks: [
      {
        id: "hours",
        name: { en: "general tasks", es: "tareas generales" },
        match: /\b\d+(\.\d+)?\s*(hours?|hrs?|horas?)\b/,
        measure: count(["hour", "hours"], ["hora", "horas"]),
        default: 4,
        lines: [labor(1)],
      },
      {
        id: "tv",
        name: { en: "TV mounting", es: "montaje de TV" },
        match:
          /\b(mount|hang)(ing)?\s+(a |the |\d+ |my |two |three )?(tvs?|televisions?)\b|\btv mount(ing)?\b|\bmontar (la |una )?(tv|television)\b/,
        measure: count(["TV", "TVs"], ["TV", "TV"]),
        default: 1,
        lines: [one("tv-mount"), labor(3, 2)],
      },
      {
        id: "assembly",
        name: { en: "furniture assembly", es: "armado de muebles" },
        match: /\bassembl(e|y|ing)\b|\bflat[- ]pack\b|\bikea\b|\barmar (\w+ )?muebles?\b/,
        measure: count(["item", "items"], ["mueble", "muebles"]),
        default: 1,
        lines: [labor(2)],
      },
      {
        id: "pressure-washing",
        name: { en: "pressure washing", es: "lavado a presión" },
        match: /\b(pressure|power)[- ]?wash(ing)?\b|\bhidrolavad\w*\b|\blavado a presion\b/,
        measure: AREA,
        default: 500,
        lines: [one("washing-service")],
      },
      {
        id: "junk",
        name: { en: "junk removal", es: "retiro de desechos" },
        match: /\bjunk( removal)?\b|\bhaul[- ]?away\b|\b(debris|trash) (removal|hauling|pickup)\b|\bdesechos\b/,
        measure: count(["load", "loads"], ["carga", "cargas"]),
        default: 1,
        lines: [one("junk-load")],
      },
      {
        id: "hanging",
        name: { en: "hanging and mounting", es: "colgado e instalación de accesorios" },
        match:
          /\b(shel(f|ves)|pictures?|mirrors?|curtain rods?|blinds|artwork|repisas?|cuadros?|espejos?|cortineros?|persianas?)\b/,
        measure: count(["item", "items"], ["pieza", "piezas"]),
        default: 3,
        lines: [one("hardware"), labor(3, 4)],
      },
      {
        id: "caulking",
        name: { en: "caulking", es: "sellado" },
        match: /\b(re-?caulk(ing)?|caulk(ing)?|grout)\b|\bsellar\b|\bsilicon\w*\b/,
        measure: JOB,
        default: 1,
        lines: [once("caulk"), { fixed: 200, round: "quarter" }],
      },
    ],
  },
};

/**
 * Regional labour-cost factors in percent of the national average, matched against the
 * optional location: metro names and state names (any case), and two-letter state codes
 * only as written in capitals ("Austin, TX"), since "in", "or" and "me" are words too.
 */
export const LOCATION_FACTORS: readonly { names: RegExp; codes: readonly string[]; percent: number }[] = [
  {
    names: /\b(san francisco|bay area|san jose|oakland|manhattan|new york city|nyc|brooklyn|queens|honolulu|hawaii)\b/,
    codes: ["HI"],
    percent: 125,
  },
  {
    names: /\b(boston|seattle|los angeles|san diego|washington,? d\.?c\.?|alaska|anchorage)\b/,
    codes: ["DC", "AK"],
    percent: 120,
  },
  {
    names:
      /\b(california|new york|nueva york|massachusetts|new jersey|connecticut|washington|chicago|illinois|denver|colorado|maryland|rhode island|portland|oregon|minneapolis)\b/,
    codes: ["CA", "NY", "MA", "NJ", "CT", "WA", "IL", "CO", "MD", "RI", "OR", "MN"],
    percent: 115,
  },
  {
    names: /\b(mississippi|arkansas|alabama|west virginia|kentucky|louisiana|south dakota|oklahoma)\b/,
    codes: ["MS", "AR", "AL", "WV", "KY", "SD", "OK"],
    percent: 85,
  },
  {
    names:
      /\b(texas|houston|dallas|san antonio|austin|florida|miami|orlando|tampa|georgia|atlanta|north carolina|south carolina|tennessee|ohio|indiana|missouri|kansas|nebraska|iowa|idaho|new mexico|arizona|phoenix|utah|nevada|las vegas|michigan|wisconsin|montana|wyoming|north dakota|puerto rico)\b/,
    codes: [
      "TX",
      "FL",
      "GA",
      "NC",
      "SC",
      "TN",
      "OH",
      "IN",
      "MO",
      "KS",
      "NE",
      "IA",
      "ID",
      "NM",
      "AZ",
      "UT",
      "NV",
      "MI",
      "WI",
      "MT",
      "WY",
      "ND",
      "PR",
    ],
    percent: 92,
  },
];

// A quantity's unit as a person writes it: "1 hour" but "3 hours", "3 horas". The words are the
// built-in estimator's units (app/lib/ai-catalog.ts, UNITS) in English and Spanish; abbreviations
// ("sq ft", "lb", "pie²") and "each" do not change, and a word not listed is shown as it came.
const PLURALS: Record<string, string> = {
  hour: "hours",
  gallon: "gallons",
  "square (100 sq ft)": "squares (100 sq ft)",
  "linear ft": "linear ft",
  job: "jobs",
  sheet: "sheets",
  zone: "zones",
  day: "days",
  load: "loads",
  room: "rooms",
  visit: "visits",
  set: "sets",
  unidad: "unidades",
  hora: "horas",
  "pie lineal": "pies lineales",
  galón: "galones",
  "cuadro (100 pie²)": "cuadros (100 pie²)",
  trabajo: "trabajos",
  plancha: "planchas",
  zona: "zonas",
  día: "días",
  carga: "cargas",
  habitación: "habitaciones",
  visita: "visitas",
  juego: "juegos",
};

/** The unit after `quantity`: its plural for any quantity but exactly one, when the word is known. */
export function quantityUnit(quantity: number, unit: string): string {
  const word = unit.trim();
  return quantity === 1 ? word : (PLURALS[word.toLowerCase()] ?? word);
}

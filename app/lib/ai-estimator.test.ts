// The built-in estimator against hand-checked descriptions across the nine trades: the
// items, their quantities and prices come from app/lib/ai-catalog.ts, and every total
// is checked with integer cents.
import { describe, expect, it } from "vitest";
import { ITEMS, TRADES } from "./ai-catalog";
import { estimateJob, locationAdjustment, normalizeDescription, type BuiltInRequest } from "./ai-estimator";
import { AI_JOB_TYPES, type AiEstimateResult } from "./ai-result";
import { lineTotal } from "./money";

type Row = [description: string, quantity: number, unit: string, unitPrice: number, total: number];

const rows = (result: AiEstimateResult): Row[] =>
  result.suggestedItems.map((item) => [item.description, item.quantity, item.unit, item.unitPrice, item.total]);

/** The sum of the items in cents, added as integers. */
const sumCents = (result: AiEstimateResult) => result.suggestedItems.reduce((sum, item) => sum + Math.round(item.total * 100), 0);

function estimate(jobDescription: string, jobType: BuiltInRequest["jobType"], location?: string) {
  const result = estimateJob({ jobDescription, jobType, location });
  // Every total is quantity × unit price computed in integers, whatever the description.
  for (const item of result.suggestedItems) {
    expect(Math.round(item.total * 100), item.description).toBe(
      lineTotal(Math.round(item.quantity * 100), Math.round(item.unitPrice * 100)),
    );
    expect(item.reasoning.length, item.description).toBeGreaterThan(20);
  }
  expect(result.source).toBe("built-in");
  return result;
}

describe("estimateJob: descriptions across the trades", () => {
  it("electrical: 3 outlets and a 200 amp panel, with permit", () => {
    const result = estimate("Replace 3 outlets and install a 200 amp panel", "electrical");
    expect(rows(result)).toEqual([
      ["Tamper-resistant duplex receptacle with cover plate, 15 A", 3, "each", 6, 18],
      ["Electrician labor – outlet replacement", 1.5, "hour", 95, 142.5],
      ["200 A main breaker load center, 40 spaces", 1, "each", 350, 350],
      ["Branch breakers, grounding and panel hardware", 1, "set", 250, 250],
      ["Electrician labor – panel upgrade", 10, "hour", 95, 950],
      ["Utility disconnect and reconnect coordination", 1, "job", 150, 150],
      ["Electrical permit and inspection", 1, "each", 175, 175],
    ]);
    expect(sumCents(result)).toBe(203_550);
    expect(result.suggestedItems[0].reasoning).toContain("3 outlets (from the description)");
    expect(result.suggestedItems[2].reasoning).toContain("200 A size from the description");
    expect(result.timeEstimate).toContain("About 11.5 labor hours");
    expect(result.riskFactors.join(" ")).toContain("permit");
  });

  it("electrical: GFCI outlets, a 20 amp circuit (one circuit, not twenty) and recessed lights", () => {
    const result = estimate("Install 2 GFCI outlets in the kitchen, add a 20 amp circuit and 6 recessed lights", "electrical");
    expect(rows(result)).toEqual([
      ["GFCI receptacle with cover plate, 20 A", 2, "each", 28, 56],
      ["Electrician labor – GFCI outlet installation", 1.5, "hour", 95, 142.5],
      ["20 A single-pole circuit breaker", 1, "each", 14, 14],
      ["12/2 NM-B cable", 50, "linear ft", 1.1, 55],
      ["Electrician labor – new circuit", 3, "hour", 95, 285],
      ["LED recessed light, 6 in. canless wafer", 6, "each", 25, 150],
      ["14/2 NM-B cable", 90, "linear ft", 0.85, 76.5],
      ["Electrician labor – recessed lighting", 4.5, "hour", 95, 427.5],
    ]);
    expect(sumCents(result)).toBe(120_650);
  });

  it("plumbing: a 40 gallon gas water heater in a 1965 house (gas, lead and asbestos risks)", () => {
    const result = estimate("Replace the 40 gallon gas water heater in a 1965 house", "plumbing");
    expect(rows(result)).toEqual([
      ["40-gallon gas water heater", 1, "each", 750, 750],
      ["Water heater install kit: connectors, valve, expansion tank", 1, "set", 140, 140],
      ["Haul-away of the old water heater", 1, "each", 75, 75],
      ["Plumber labor – water heater replacement", 3, "hour", 110, 330],
      ["Plumbing permit and inspection", 1, "each", 125, 125],
    ]);
    expect(sumCents(result)).toBe(142_000);
    const risks = result.riskFactors.join("\n");
    expect(risks).toMatch(/Gas work/);
    expect(risks).toMatch(/Built before 1978/);
    expect(risks).toMatch(/Built before 1980: .*asbestos/);
  });

  it("plumbing: an electric heater when gas is not mentioned, and the next standard size", () => {
    const result = estimate("New 45 gallon water heater", "plumbing");
    expect(result.suggestedItems[0]).toMatchObject({ description: "50-gallon electric water heater", unitPrice: 700 });
    expect(result.suggestedItems[0].reasoning).toContain("45 gallon asked; priced at the standard 50 gallon size");
  });

  it("plumbing: two toilets and a leaky faucet (a repair, not a new faucet), galvanized pipes", () => {
    const result = estimate("Replace 2 toilets and fix a leaky faucet; the pipes are galvanized", "plumbing");
    expect(rows(result)).toEqual([
      ["Two-piece elongated toilet (standard grade)", 2, "each", 280, 560],
      ["Wax ring, closet bolts and supply line", 2, "each", 25, 50],
      ["Plumber labor – toilet replacement", 3, "hour", 110, 330],
      ["Faucet cartridge and washers", 1, "each", 35, 35],
      ["Plumber labor – faucet repair", 1, "hour", 110, 110],
    ]);
    expect(sumCents(result)).toBe(108_500);
    expect(result.riskFactors.join(" ")).toMatch(/galvanized/);
  });

  it("HVAC: a 4 ton heat pump and 40 ft of ductwork in Boston (labor at 120%)", () => {
    const result = estimate("Install a 4 ton heat pump with 40 ft of new ductwork", "hvac", "Boston, MA");
    expect(rows(result)).toEqual([
      ["4-ton heat pump, 15 SEER2", 1, "each", 4100, 4100],
      ["Matched air handler", 1, "each", 1900, 1900],
      ["Refrigerant line set", 25, "linear ft", 14, 350],
      ["Disconnect, whip and pad", 1, "each", 180, 180],
      ["HVAC technician labor – heat pump installation", 14, "hour", 138, 1932],
      ["Insulated duct and sheet-metal fittings", 40, "linear ft", 9, 360],
      ["Register boot and grille", 4, "each", 35, 140],
      ["HVAC technician labor – ductwork", 12, "hour", 138, 1656],
      ["Mechanical permit and inspection", 1, "each", 150, 150],
    ]);
    expect(sumCents(result)).toBe(1_076_800);
    expect(result.suggestedItems[4].reasoning).toContain("adjusted to 120% of the national average for Boston, MA");
    expect(result.marketAnalysis.competitivePricing).toContain("with labor at 120% of the national average for Boston, MA");
  });

  it("painting: 2 bedrooms and the living room are 3 rooms", () => {
    const result = estimate("Paint 2 bedrooms and the living room", "painting");
    expect(rows(result)).toEqual([
      ["Interior latex paint, premium", 8, "gallon", 45, 360],
      ["Patching, caulk, tape and plastic sheeting", 3, "room", 25, 75],
      ["Painter labor – interior room painting", 21, "hour", 55, 1155],
    ]);
    expect(result.suggestedItems[0].reasoning).toContain(
      "2.5 gallons per room × 3 rooms (from the description), rounded up to whole units",
    );
    expect(result.timeEstimate).toBe(
      "About 21 labor hours: 3 working days of 8 hours for one person, or about 2 days with a crew of two.",
    );
  });

  it("flooring: 1200 sq ft of laminate with 10% waste, and the old carpet's removal over the same area", () => {
    const result = estimate("Install 1200 sq ft of laminate, remove old carpet first", "flooring");
    expect(rows(result)).toEqual([
      ["Laminate flooring, 12 mm AC4", 1320, "sq ft", 2.5, 3300],
      ["Foam underlayment with vapor barrier", 1200, "sq ft", 0.45, 540],
      ["Transitions, quarter round and fasteners", 1200, "sq ft", 0.3, 360],
      ["Flooring installer labor – laminate installation", 36, "hour", 65, 2340],
      ["Disposal of the old flooring", 1200, "sq ft", 0.35, 420],
      ["Flooring installer labor – removal of the old flooring", 24, "hour", 65, 1560],
    ]);
    expect(sumCents(result)).toBe(852_000);
    // No carpet is installed: "remove old carpet" is the removal task.
    expect(result.suggestedItems.some((item) => item.description.startsWith("Carpet"))).toBe(false);
  });

  it("flooring: a 12 x 14 room is 168 sq ft; tile takes 15% waste", () => {
    const result = estimate("Kitchen 12 x 14 tile floor", "flooring");
    expect(rows(result)).toEqual([
      ["Porcelain or ceramic tile (allowance)", 194, "sq ft", 4, 776],
      ["Thinset, grout and spacers", 168, "sq ft", 0.75, 126],
      ["Cement backer board or uncoupling membrane", 168, "sq ft", 1.1, 184.8],
      ["Flooring installer labor – tile installation", 17, "hour", 65, 1105],
    ]);
    expect(sumCents(result)).toBe(219_180);
  });

  it("roofing: 2,400 sq ft is 24 squares; a 10/12 pitch and two stories are risks", () => {
    const result = estimate("Tear off and re-roof 2,400 sq ft on a 10/12 pitch two story house", "roofing");
    expect(rows(result)).toEqual([
      ["Architectural asphalt shingles (3 bundles per square)", 27, "square (100 sq ft)", 130, 3510],
      ["Synthetic roof underlayment", 24, "square (100 sq ft)", 25, 600],
      ["Starter, ridge cap, drip edge, flashing and nails", 24, "square (100 sq ft)", 55, 1320],
      ["Dumpster and disposal of the old roofing", 24, "square (100 sq ft)", 45, 1080],
      ["Roofer labor – shingle roof replacement (tear-off)", 24, "hour", 70, 1680],
      ["Roofer labor – shingle roof replacement", 48, "hour", 70, 3360],
      ["Roofing permit", 1, "each", 200, 200],
    ]);
    expect(sumCents(result)).toBe(1_175_000);
    expect(result.riskFactors[0]).toMatch(/^10\/12 pitch: a steep roof/);
    expect(result.riskFactors[1]).toMatch(/multi-story/);
  });

  it("general contracting: a 12x16 composite deck and a front door", () => {
    const result = estimate("Build a 12x16 composite deck and replace the front door", "general");
    expect(rows(result)).toEqual([
      ["Composite decking on pressure-treated framing, with hardware", 192, "sq ft", 16, 3072],
      ["Concrete footing with post base", 5, "each", 45, 225],
      ["Carpenter and general labor – deck construction", 38.5, "hour", 75, 2887.5],
      ["Exterior prehung steel door (allowance)", 1, "each", 650, 650],
      ["Lockset, deadbolt and weatherstripping", 1, "set", 120, 120],
      ["Carpenter and general labor – exterior door replacement", 4, "hour", 75, 300],
      ["Building permit and inspections", 1, "each", 250, 250],
    ]);
    expect(sumCents(result)).toBe(750_450);
  });

  it("landscaping: 150 ft of chain-link fence with a gate, and 500 sq ft of sod", () => {
    const result = estimate("Install 150 ft of chain link fence with a gate and 500 sq ft of sod", "landscaping");
    expect(rows(result)).toEqual([
      ["4 ft galvanized chain-link fence fabric, rails and hardware", 150, "linear ft", 14, 2100],
      ["Fence post set in concrete (every 8 ft)", 19, "each", 35, 665],
      ["Walk gate, 4 ft, with hardware", 1, "each", 350, 350],
      ["Landscape crew labor – fence installation", 45, "hour", 50, 2250],
      ["Sod, delivered", 525, "sq ft", 0.6, 315],
      ["Topsoil and starter fertilizer", 500, "sq ft", 0.2, 100],
      ["Landscape crew labor – sod installation", 7.5, "hour", 50, 375],
    ]);
    expect(sumCents(result)).toBe(615_500);
    expect(result.riskFactors.join(" ")).toMatch(/call 811/);
  });

  it("other: handyman tasks, borrowing the painting catalog for a bedroom", () => {
    const result = estimate("Mount 2 TVs, paint 1 bedroom and 3 hours of odd jobs", "other");
    expect(rows(result)).toEqual([
      ["Tilting TV wall mount", 2, "each", 60, 120],
      ["Handyman labor – TV mounting", 3, "hour", 70, 210],
      ["Interior latex paint, premium", 3, "gallon", 45, 135],
      ["Patching, caulk, tape and plastic sheeting", 1, "room", 25, 25],
      ["Painter labor – interior room painting", 7, "hour", 55, 385],
      ["Handyman labor – general tasks", 3, "hour", 70, 210],
    ]);
    expect(result.suggestedItems[2].reasoning).toContain("(Painting catalog)");
  });

  it("an electrician's bathroom outlet is not a painting job", () => {
    const result = estimate("Replace the bathroom outlet", "electrical");
    expect(result.suggestedItems.map((item) => item.description)).toEqual([
      "Tamper-resistant duplex receptacle with cover plate, 15 A",
      "Electrician labor – outlet replacement",
    ]);
    expect(result.suggestedItems[0].quantity).toBe(1);
  });

  it("assumes a quantity it is not given, and says so", () => {
    const result = estimate("Install recessed lights in the hallway", "electrical");
    expect(result.suggestedItems[0]).toMatchObject({ description: "LED recessed light, 6 in. canless wafer", quantity: 4 });
    expect(result.suggestedItems[0].reasoning).toContain("assumed: the description gives no quantity, 4 lights");
    expect(result.riskFactors.join(" ")).toContain("Some quantities were assumed");
    expect(result.marketAnalysis.recommendations).toContain(
      "Confirm the assumed quantities on site before sending the estimate.",
    );
  });

  it("answers a description it cannot match with a visit and a labor placeholder, honestly", () => {
    const result = estimate("Please come have a look", "roofing");
    expect(rows(result)).toEqual([
      ["Roof inspection with photo report", 1, "job", 200, 200],
      ["Roofer labor – to be confirmed on site", 4, "hour", 70, 280],
    ]);
    expect(result.suggestedItems[1].reasoning).toMatch(/^No task of the Roofing catalog matched the description\./);
    expect(result.riskFactors[0]).toMatch(/matched no priced task/);
  });
});

describe("estimateJob: shape, language and determinism", () => {
  it("answers the same for the same request, every time", () => {
    const request = {
      jobDescription: "Replace 3 outlets and install a 200 amp panel",
      jobType: "electrical" as const,
      location: "Austin, TX",
    };
    expect(estimateJob(request)).toEqual(estimateJob(request));
    expect(JSON.stringify(estimateJob(request))).toBe(JSON.stringify(estimateJob({ ...request })));
  });

  it("has the market analysis, time estimate and risk factors of the AI estimate result", () => {
    const result = estimateJob({ jobDescription: "Replace 3 outlets and install a 200 amp panel", jobType: "electrical" });
    expect(Object.keys(result).sort()).toEqual(["marketAnalysis", "riskFactors", "source", "suggestedItems", "timeEstimate"]);
    expect(result.marketAnalysis.competitivePricing).toContain("Subtotal $2,035.50");
    // 20/120 of $618 materials (103.00) + 35% of $1,092.50 labor (382.375 → 382.38) = $485.38.
    expect(result.marketAnalysis.profitMargin).toContain("about $485.38 gross profit on this subtotal (24%)");
    expect(result.marketAnalysis.recommendations).toContain("Give the job's location to adjust labor rates to the area.");
  });

  it("writes in Spanish and reads Spanish descriptions", () => {
    const result = estimateJob({
      jobDescription: "Cambiar 3 tomacorrientes y un tablero de 200 amperios",
      jobType: "electrical",
      language: "es",
    });
    expect(rows(result).slice(0, 3)).toEqual([
      ["Tomacorriente dúplex a prueba de manipulación con placa, 15 A", 3, "unidad", 6, 18],
      ["Mano de obra de electricista – cambio de tomacorrientes", 1.5, "hora", 95, 142.5],
      ["Tablero eléctrico de 200 A con interruptor principal, 40 espacios", 1, "unidad", 350, 350],
    ]);
    expect(result.timeEstimate).toMatch(/^Unas 11.5 horas de mano de obra/);
    expect(result.riskFactors.at(-1)).toMatch(/^Las condiciones ocultas/);
  });

  it("adjusts labor by region, leaves unknown places at the national average and says so", () => {
    expect(locationAdjustment("San Francisco, CA")).toMatchObject({ percent: 125, recognized: true });
    expect(locationAdjustment("Jackson, MS")).toMatchObject({ percent: 85, recognized: true });
    expect(locationAdjustment("Springfield")).toMatchObject({ percent: 100, recognized: false });
    // Two-letter words are state codes only in capitals: "in" is not Indiana.
    expect(locationAdjustment("somewhere in town")).toMatchObject({ percent: 100, recognized: false });
    const unknown = estimateJob({ jobDescription: "replace 3 outlets", jobType: "electrical", location: "Springfield" });
    expect(unknown.marketAnalysis.competitivePricing).toContain('the location "Springfield" is not in its regional table');
    expect(unknown.suggestedItems[1].unitPrice).toBe(95);
  });

  it("reads thousands separators, accents and dimensions", () => {
    expect(normalizeDescription("Baño de 1,200 sq ft")).toBe("bano de 1200 sq ft");
  });

  it("answers every trade, even an empty description, with valid items", () => {
    for (const jobType of AI_JOB_TYPES) {
      for (const jobDescription of ["", "   ", "x".repeat(5000), "replace 99999 outlets"]) {
        const result = estimateJob({ jobDescription, jobType });
        expect(result.suggestedItems.length, jobType).toBeGreaterThan(0);
        for (const item of result.suggestedItems) {
          expect(Number.isFinite(item.total)).toBe(true);
          expect(item.total).toBeLessThan(100_000_000);
        }
      }
    }
  });
});

describe("the catalog", () => {
  it("prices every item in whole cents and every task line names a known item", () => {
    for (const [id, item] of Object.entries(ITEMS)) {
      expect(Number.isSafeInteger(item.price) && item.price > 0, id).toBe(true);
      expect(item.name.en && item.name.es, id).toBeTruthy();
    }
    for (const [trade, { tasks, fallback, labor }] of Object.entries(TRADES)) {
      expect(Number.isSafeInteger(labor.rate), trade).toBe(true);
      const lines = [
        ...fallback,
        ...tasks.flatMap((task) => [...task.lines, ...(task.variant?.options.flatMap((option) => option.lines) ?? [])]),
      ];
      for (const line of lines) if (line.item) expect(ITEMS[line.item], `${trade}: ${line.item}`).toBeDefined();
      expect(new Set(tasks.map((task) => task.id)).size, trade).toBe(tasks.length);
    }
  });
});

import { describe, expect, it } from "vitest";
import { UNITS } from "./ai-catalog";
import { quantityUnit } from "./unit-words";

describe("quantityUnit", () => {
  it("writes the plural of the estimator's units for any quantity but one, in both languages", () => {
    expect(quantityUnit(3, "hora")).toBe("horas");
    expect(quantityUnit(3, "hour")).toBe("hours");
    expect(quantityUnit(1, "hora")).toBe("hora");
    expect(quantityUnit(1.5, "día")).toBe("días");
    expect(quantityUnit(2, "pie lineal")).toBe("pies lineales");
    expect(quantityUnit(0.5, "unidad")).toBe("unidades");
    expect(quantityUnit(20, "sq ft")).toBe("sq ft");
    expect(quantityUnit(4, "each")).toBe("each");
    // A word from a real AI service that is not listed stays as it came.
    expect(quantityUnit(3, "rolls")).toBe("rolls");
  });

  it("knows every word of the estimator's units that changes", () => {
    const unchanged = new Set(["each", "sq ft", "cu yd", "lb", "linear ft", "pie²", "yarda³"]);
    for (const unit of Object.values(UNITS)) {
      for (const word of [unit.en, unit.es]) {
        expect(quantityUnit(2, word) !== word || unchanged.has(word), `${word} has no plural`).toBe(true);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { canonicalUnit, priceItemFormSchema } from "./price-item-schema";
import { parseForm } from "./form-parse";

describe("price book units", () => {
  it("stores a known unit typed in English or Spanish under its English name, and keeps any other word", () => {
    expect(canonicalUnit("unidad")).toBe("each");
    expect(canonicalUnit(" Hora ")).toBe("hour");
    expect(canonicalUnit("dia")).toBe("day");
    expect(canonicalUnit("Día")).toBe("day");
    expect(canonicalUnit("pie cuadrado")).toBe("square foot");
    expect(canonicalUnit("Square Foot")).toBe("square foot");
    expect(canonicalUnit("pieza")).toBe("pieza");
    expect(canonicalUnit("Box of 10")).toBe("Box of 10");
  });

  it("goes through the form's schema", () => {
    const form = new FormData();
    form.set("name", "Diagnóstico");
    form.set("unitPrice", "95");
    form.set("unit", "Trabajo");
    const submission = parseForm(form, { schema: priceItemFormSchema });
    expect(submission.status === "success" && submission.value.unit).toBe("job");
  });
});

import { describe, expect, it } from "vitest";
import { guessTimeZone } from "./zone-guess";

describe("guessing a new account's zone from the request", () => {
  it("takes the region of the first tag that has one", () => {
    expect(guessTimeZone("es-MX,es;q=0.9,en;q=0.8")).toBe("America/Mexico_City");
    expect(guessTimeZone("es,es-419;q=0.9,en-US;q=0.8")).toBe("America/New_York");
    expect(guessTimeZone("en-gb")).toBe("Europe/London");
    expect(guessTimeZone("zh-Hant-TW,es-ES;q=0.5")).toBe("Europe/Madrid");
  });

  it("is UTC when it cannot tell", () => {
    for (const header of [null, undefined, "", "en", "*", "es-419", "fr-FR", "x".repeat(5000)])
      expect(guessTimeZone(header), String(header)).toBe("UTC");
  });
});

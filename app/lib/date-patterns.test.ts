import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "./estimate-dates";
import { formatDocumentDate } from "./invoice-dates";
import { formatDay } from "./schedule";

describe("dates in each language's own order", () => {
  it("English: Nov 24, 2026 and Saturday, November 21", () => {
    expect(formatDocumentDate("2026-11-24", "en")).toBe("Nov 24, 2026");
    expect(formatCalendarDate("2026-11-24", "en")).toBe("Nov 24, 2026");
    expect(formatDay("2026-11-21", "EEEE, MMMM d", "en")).toBe("Saturday, November 21");
    expect(formatDay("2026-11-21", "MMM d", "en")).toBe("Nov 21");
  });

  it("Spanish: 24 nov 2026 and sábado, 21 de noviembre", () => {
    expect(formatDocumentDate("2026-11-24", "es")).toBe("24 nov 2026");
    expect(formatCalendarDate("2026-11-24", "es")).toBe("24 nov 2026");
    expect(formatDay("2026-11-21", "EEEE, MMMM d", "es")).toBe("sábado, 21 de noviembre");
    expect(formatDay("2026-11-21", "MMM d", "es")).toBe("21 nov");
    expect(formatDay("2026-11-21", "EEE, MMM d", "es")).toBe("sáb, 21 nov");
  });
});

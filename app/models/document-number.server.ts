// Estimate and invoice numbers: the prefix and a millisecond timestamp (docs/product/estimates.md),
// unique per account. Two documents created in the same millisecond collide on the unique
// index; the loser takes the next free millisecond. The time is the clock module's (decision 012).
import { now as clockNow } from "~/lib/clock";

export function isUniqueViolation(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return text.includes("UNIQUE constraint failed");
}

/** Runs `insert` with `PREFIX-<timestamp>`, moving to the next millisecond while the number is taken. */
export async function insertWithNumber<T>(
  prefix: "EST" | "INV",
  insert: (number: string) => Promise<T>,
  now = clockNow().getTime(),
): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      return await insert(`${prefix}-${now + attempt}`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`Could not allocate a unique ${prefix} number`);
}

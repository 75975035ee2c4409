// A new price book from the built-in catalog of a trade (app/lib/ai-catalog.ts): the
// trade's labour and every item its tasks use, at the catalog's typical prices, in the
// account's language. Materials and equipment are taxable; labour, services and fees are
// not (most US states tax materials, not labour), which the contractor can change.
import { ITEMS, TRADES, UNITS, type ItemKind, type TaskLine } from "./ai-catalog";
import type { AiJobType } from "./ai-result";
import type { PriceItemInput } from "./price-item-schema";

type Language = "en" | "es";

const CATEGORY: Record<ItemKind | "labor", { en: string; es: string }> = {
  labor: { en: "Labor", es: "Mano de obra" },
  material: { en: "Materials", es: "Materiales" },
  equipment: { en: "Equipment", es: "Equipos" },
  service: { en: "Services", es: "Servicios" },
  fee: { en: "Fees", es: "Tasas" },
};

const TAXABLE_KINDS: ReadonlySet<ItemKind> = new Set(["material", "equipment"]);

/** The items of a trade's catalog as price book items, each name once, in catalog order. */
export function catalogPriceItems(trade: AiJobType, language: Language): PriceItemInput[] {
  const { labor, tasks, fallback } = TRADES[trade];
  const lines: TaskLine[] = [
    ...tasks.flatMap((task) => [...task.lines, ...(task.variant?.options.flatMap((o) => o.lines) ?? [])]),
    ...fallback,
  ];
  const ids = [...new Set(lines.map((line) => line.item).filter((id): id is string => Boolean(id && ITEMS[id])))];
  const items: PriceItemInput[] = [
    {
      name: labor.name[language],
      description: null,
      unitPrice: labor.rate,
      unit: UNITS.hour[language],
      taxable: false,
      category: CATEGORY.labor[language],
      cost: null,
    },
    ...ids.map((id) => {
      const item = ITEMS[id];
      return {
        name: item.name[language],
        description: null,
        unitPrice: item.price,
        unit: UNITS[item.unit][language],
        taxable: TAXABLE_KINDS.has(item.kind),
        category: CATEGORY[item.kind][language],
        cost: null,
      };
    }),
  ];
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

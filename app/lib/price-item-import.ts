// The price book columns of an import file: TradeDesk's own export and the names other
// price books use (Jobber, QuickBooks items), in English and Spanish. How a header is
// compared (case, accents, spaces, punctuation ignored) is app/lib/table-import.ts's.
import type { PRICE_ITEM_COLUMNS } from "./price-item-schema";
import type { FieldTable } from "./table-import";

type PriceItemColumn = (typeof PRICE_ITEM_COLUMNS)[number];

export const PRICE_ITEM_IMPORT_FIELDS: FieldTable<PriceItemColumn> = {
  name: {
    aliases: ["name", "item", "item name", "product", "service", "product/service", "nombre", "artículo", "producto", "servicio"],
  },
  description: { aliases: ["description", "details", "sales description", "descripción", "detalle"] },
  unitPrice: {
    aliases: ["unitprice", "unit price", "price", "rate", "sales price", "precio", "precio unitario", "tarifa"],
  },
  unit: { aliases: ["unit", "units", "uom", "unit of measure", "unidad"] },
  taxable: { aliases: ["taxable", "tax", "sales tax", "impuesto", "gravable", "con impuesto"] },
  category: { aliases: ["category", "type", "group", "categoría", "tipo", "grupo"] },
  cost: { aliases: ["cost", "unit cost", "purchase cost", "costo", "coste"] },
};

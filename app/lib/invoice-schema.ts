import { z } from "zod";
import { INVOICE_STATUS_VALUES } from "./invoice-status";

/**
 * PUT /api/invoices/{id}: the status and nothing else (docs/product/api.md). Messages are
 * dictionary keys, as in every schema.
 */
export const invoiceStatusSchema = z
  .object({
    status: z.enum(INVOICE_STATUS_VALUES, {
      errorMap: (issue) => ({
        message:
          issue.code === "invalid_type" && issue.received === "undefined" ? "invoices.statusRequired" : "invoices.statusInvalid",
      }),
    }),
  })
  .strict();

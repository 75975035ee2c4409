import { z } from "zod";
import { customerFields } from "./customer-schema";
import { optionalText, plainText } from "./validation";

// What a customer may change of their own record from their hub (/c/{token}): how to reach
// them and where they are. The rules and messages are the customer form's.
export const HUB_DETAIL_FIELDS = ["phone", "email", "address", "city", "state", "zipCode"] as const;
export type HubDetailField = (typeof HUB_DETAIL_FIELDS)[number];

export const customerHubDetailsSchema = z.object({
  phone: customerFields.phone,
  email: customerFields.email,
  address: customerFields.address,
  city: customerFields.city,
  state: customerFields.state,
  zipCode: customerFields.zipCode,
});

export type CustomerHubDetails = z.infer<typeof customerHubDetailsSchema>;

/** The hub's form: the details, and the honeypot a bot fills (docs/product/README.md). */
export const customerHubFormSchema = customerHubDetailsSchema.extend({ website: z.string().optional() });

/**
 * "Request work" from the hub: what the customer needs (required) and when suits them. Who they
 * are and how to reach them is the hub's customer already.
 */
export const hubWorkRequestSchema = z.object({
  description: plainText(
    z
      .string({ required_error: "hub.request.descriptionRequired", invalid_type_error: "validation.expectedText" })
      .trim()
      .min(1, "hub.request.descriptionRequired")
      .max(4000, "validation.tooLong"),
    "multi",
  ),
  preferredTimes: optionalText(500, "multi"),
  website: z.string().optional(),
});

/** Each field whose value the change would alter: its value before and after. */
export function detailChanges(
  current: Record<HubDetailField, string | null>,
  next: CustomerHubDetails,
): Partial<Record<HubDetailField, { from: string | null; to: string | null }>> {
  const changes: Partial<Record<HubDetailField, { from: string | null; to: string | null }>> = {};
  for (const field of HUB_DETAIL_FIELDS) {
    const to = next[field] ?? null;
    if ((current[field] ?? null) !== to) changes[field] = { from: current[field] ?? null, to };
  }
  return changes;
}

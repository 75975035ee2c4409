import { z } from "zod";
import { optionalText, plainText } from "./validation";

// One schema for the customer form, the API and the CSV import (messages are dictionary keys).
const optional = optionalText;

export const customerFields = {
  name: plainText(
    z
      .string({ required_error: "customers.nameRequired", invalid_type_error: "validation.expectedText" })
      .trim()
      .min(1, "customers.nameRequired")
      .max(200, "validation.tooLong"),
  ),
  email: z
    .string({ invalid_type_error: "validation.expectedText" })
    .trim()
    .max(254, "common.invalidEmail")
    .email("common.invalidEmail")
    .nullish()
    .or(z.literal("").transform(() => null))
    .transform((value) => (value ? value.toLowerCase() : null)),
  phone: optional(40),
  address: optional(200),
  city: optional(100),
  state: optional(50),
  zipCode: optional(20),
  notes: optional(2000, "multi"),
};

export const customerSchema = z.object(customerFields);

/** The API refuses fields it does not know, including id, createdAt and accountId. */
export const customerApiSchema = z.object(customerFields).strict("validation.unknownField");

export type CustomerInput = z.infer<typeof customerSchema>;
export const CUSTOMER_COLUMNS = ["name", "email", "phone", "address", "city", "state", "zipCode", "notes"] as const;

export const CUSTOMER_SORTS = ["name", "-name", "newest", "oldest"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

import { z } from "zod";
import { assigneeIdField, customerIdField, NO_CUSTOMER, optionalText, plainText, type OwnershipCheck } from "./validation";
import { parseDateInput } from "./job-dates";
import { DEFAULT_JOB_STATUS, type JOB_STATUSES, normalizeJobStatus } from "./job-status";
import { parseCents, withinMoneyLimit } from "./money";

// One schema for the job form and the API (messages are dictionary keys). Forms send
// strings (conform turns empty ones into undefined); the API sends JSON, where an
// amount may be a number or a string and a date an ISO string or null.

export { NO_CUSTOMER };

const optional = optionalText;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Money in integer cents: "1234.5", 1234.5 or "" (null); two decimals at most, never negative, 10 digits. */
const amount = z.unknown().transform((value, ctx): number | null => {
  if (isBlank(value)) return null;
  const cents = typeof value === "string" || typeof value === "number" ? parseCents(value) : null;
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "jobs.amountInvalid" });
    return z.NEVER;
  }
  if (cents < 0) {
    ctx.addIssue({ code: "custom", message: "jobs.amountNegative" });
    return z.NEVER;
  }
  if (!withinMoneyLimit(cents)) {
    ctx.addIssue({ code: "custom", message: "jobs.amountTooLarge" });
    return z.NEVER;
  }
  return cents;
});

/** A date field; text without an offset is read on the wall clock of `zone`. */
const date = (zone: string) =>
  z.unknown().transform((value, ctx): Date | null => {
    if (isBlank(value)) return null;
    const parsed =
      value instanceof Date
        ? Number.isNaN(value.getTime())
          ? null
          : value
        : typeof value === "string"
          ? parseDateInput(value, zone)
          : null;
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "jobs.dateInvalid" });
      return z.NEVER;
    }
    return parsed;
  });

const status = z.unknown().transform((value, ctx): (typeof JOB_STATUSES)[number] => {
  if (isBlank(value)) return DEFAULT_JOB_STATUS;
  const normalized = normalizeJobStatus(value);
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: "jobs.statusInvalid" });
    return z.NEVER;
  }
  return normalized;
});

const title = plainText(
  z
    .string({ required_error: "jobs.titleRequired", invalid_type_error: "validation.expectedText" })
    .trim()
    .min(1, "jobs.titleRequired")
    .max(200, "validation.tooLong"),
);

/** Checks that a customer id names a customer of the signed-in account (server only). */
export type CustomerCheck = OwnershipCheck;

/**
 * The scheduled date is read in the account's zone (`timeZone`); the completed date is a
 * calendar date, kept as UTC midnight.
 */
function jobFields(isOwnCustomer?: CustomerCheck, timeZone = "UTC", isMember?: OwnershipCheck) {
  return {
    assigneeId: assigneeIdField(isMember),
    customerId: customerIdField("jobs.customerRequired", isOwnCustomer),
    title,
    description: optional(4000, "multi"),
    location: optional(300),
    status,
    scheduledDate: date(timeZone),
    completedDate: date("UTC"),
    totalAmount: amount,
  };
}

/**
 * The job form. Without a customer check it validates in the browser; the server
 * passes one (and parses asynchronously) so a customer of another account is refused.
 */
export function jobSchema(isOwnCustomer?: CustomerCheck, timeZone?: string, isMember?: OwnershipCheck) {
  return z.object(jobFields(isOwnCustomer, timeZone, isMember));
}

/** The API refuses fields it does not know, including id, createdAt and accountId. */
export function jobApiSchema(isOwnCustomer: CustomerCheck, timeZone?: string, isMember?: OwnershipCheck) {
  return z.object(jobFields(isOwnCustomer, timeZone, isMember)).strict("validation.unknownField");
}

/** A job's fields; an input without `assigneeId` leaves the assignee as it is (nobody on create). */
export type JobInput = Omit<z.output<ReturnType<typeof jobSchema>>, "assigneeId"> & { assigneeId?: string | null };

export const JOB_SORTS = ["newest", "oldest", "scheduled", "title"] as const;
export type JobSort = (typeof JOB_SORTS)[number];

import { z } from "zod";
import {
  DEFAULT_APPOINTMENT_MINUTES,
  DEFAULT_APPOINTMENT_STATUS,
  DEFAULT_APPOINTMENT_TYPE,
  isAppointmentStatus,
  isAppointmentType,
  type AppointmentStatus,
  type AppointmentType,
} from "./schedule";
import { assigneeIdField, customerIdField, optionalText, plainText, type OwnershipCheck } from "./validation";
import { isDayKey, parseWallTime } from "./clock";

// One schema for the appointment form and the API (messages are dictionary keys,
// docs/product/schedule.md). Forms send strings (conform turns empty ones into undefined); the API sends
// JSON, where the duration is a number and the date an ISO string. A date without an
// offset (what a datetime-local input gives) is the account's wall clock, so the schema
// is built for the account's time zone.

/** At most a week: longer is a typing mistake, not an appointment. */
export const MAX_DURATION_MINUTES = 7 * 24 * 60;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const LOCAL_WITH_SECONDS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A date and time: an ISO instant with an offset, or a wall-clock time in the account's zone. */
export function parseScheduledDate(value: unknown, timeZone: string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (ISO_WITH_OFFSET.test(text)) {
    // Date() rolls February 30th into March and 24:00 into the next day: refuse what does not exist.
    const [hour, minute] = text.slice(11, 16).split(":").map(Number);
    if (!isDayKey(text.slice(0, 10)) || hour > 23 || minute > 59) return null;
    const date = new Date(text);
    const year = date.getUTCFullYear();
    return Number.isNaN(date.getTime()) || year < 1000 || year > 9999 ? null : date;
  }
  const local = LOCAL_WITH_SECONDS.exec(text);
  return local ? parseWallTime(local[1], timeZone) : null;
}

const scheduledDate = (timeZone: string) =>
  z.unknown().transform((value, ctx): Date => {
    if (isBlank(value)) {
      ctx.addIssue({ code: "custom", message: "schedule.form.dateRequired" });
      return z.NEVER;
    }
    const parsed = parseScheduledDate(value, timeZone);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "schedule.form.dateInvalid" });
      return z.NEVER;
    }
    return parsed;
  });

const duration = z.unknown().transform((value, ctx): number => {
  if (isBlank(value)) return DEFAULT_APPOINTMENT_MINUTES;
  const minutes =
    typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(minutes) || minutes < 1) {
    ctx.addIssue({ code: "custom", message: "schedule.form.durationMin" });
    return z.NEVER;
  }
  if (!Number.isInteger(minutes)) {
    ctx.addIssue({ code: "custom", message: "schedule.form.durationWhole" });
    return z.NEVER;
  }
  if (minutes > MAX_DURATION_MINUTES) {
    ctx.addIssue({ code: "custom", message: "schedule.form.durationMax" });
    return z.NEVER;
  }
  return minutes;
});

const appointmentType = z.unknown().transform((value, ctx): AppointmentType => {
  if (isBlank(value)) return DEFAULT_APPOINTMENT_TYPE;
  const text = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!isAppointmentType(text)) {
    ctx.addIssue({ code: "custom", message: "schedule.form.typeInvalid" });
    return z.NEVER;
  }
  return text;
});

const status = z.unknown().transform((value, ctx): AppointmentStatus => {
  if (isBlank(value)) return DEFAULT_APPOINTMENT_STATUS;
  const text = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!isAppointmentStatus(text)) {
    ctx.addIssue({ code: "custom", message: "schedule.form.statusInvalid" });
    return z.NEVER;
  }
  return text;
});

const title = plainText(
  z
    .string({ required_error: "schedule.form.titleRequired", invalid_type_error: "validation.expectedText" })
    .trim()
    .min(1, "schedule.form.titleRequired")
    .max(200, "validation.tooLong"),
);

export type { OwnershipCheck };

function jobId(isOwnJob: OwnershipCheck) {
  return z
    .string({ invalid_type_error: "schedule.form.jobNotFound" })
    .nullish()
    .transform(async (raw, ctx) => {
      const id = raw?.trim();
      if (!id) return null;
      if (id.length > 100 || !(await isOwnJob(id))) {
        ctx.addIssue({ code: "custom", message: "schedule.form.jobNotFound" });
        return z.NEVER;
      }
      return id;
    });
}

function fields(timeZone: string, isOwnCustomer?: OwnershipCheck, isMember?: OwnershipCheck) {
  return {
    assigneeId: assigneeIdField(isMember),
    customerId: customerIdField("schedule.form.customerRequired", isOwnCustomer),
    appointmentType,
    customType: optionalText(100),
    title,
    description: optionalText(4000, "multi"),
    scheduledDate: scheduledDate(timeZone),
    duration,
    location: optionalText(300),
    notes: optionalText(4000, "multi"),
  };
}

/** A custom type belongs to "other" appointments only; for the others it is dropped. */
const dropCustomType = <T extends { appointmentType: AppointmentType; customType: string | null }>(value: T): T => ({
  ...value,
  customType: value.appointmentType === "other" ? value.customType : null,
});

/**
 * The appointment form (docs/product/schedule.md, "Appointments"). Without a customer
 * check it validates in the browser; the server passes one, so a customer of another
 * account is refused.
 */
export function appointmentSchema(timeZone: string, isOwnCustomer?: OwnershipCheck, isMember?: OwnershipCheck) {
  return z.object(fields(timeZone, isOwnCustomer, isMember)).transform(dropCustomType);
}

/**
 * POST and PUT /api/appointments (docs/product/api.md): the form's fields plus jobId and
 * status. Fields it does not know, id, createdAt and accountId among them, are refused.
 */
export function appointmentApiSchema(
  timeZone: string,
  checks: { isOwnCustomer: OwnershipCheck; isOwnJob: OwnershipCheck; isMember?: OwnershipCheck },
) {
  return z
    .object({ ...fields(timeZone, checks.isOwnCustomer, checks.isMember), jobId: jobId(checks.isOwnJob), status })
    .strict("validation.unknownField")
    .transform(dropCustomType);
}

/** The reschedule form of the appointment dialog: a new date and time. */
export function rescheduleSchema(timeZone: string) {
  return z.object({ scheduledDate: scheduledDate(timeZone) });
}

/** An appointment's fields; an input without `assigneeId` leaves the assignee as it is (nobody on create). */
export type AppointmentFormInput = Omit<z.output<ReturnType<typeof appointmentSchema>>, "assigneeId"> & {
  assigneeId?: string | null;
};
export type AppointmentInput = AppointmentFormInput & { jobId?: string | null; status?: AppointmentStatus };

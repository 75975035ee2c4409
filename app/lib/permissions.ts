import type { TranslationKey } from "~/locales/keys";

// Who may open what (docs/product/accounts-and-sign-in.md, "Roles"; docs/decisions/029). The
// one table of permissions: every page, form and API endpoint declares the access it needs
// (its route module's `access`), and the session check refuses a member whose role lacks it.

export const ROLES = ["owner", "office", "technician"] as const;
export type Role = (typeof ROLES)[number];

/** How each role is named on screen (the shell's footer, the team, the join page). */
export const ROLE_LABELS: Record<Role, TranslationKey> = {
  owner: "shell.roles.owner",
  office: "shell.roles.office",
  technician: "shell.roles.technician",
};

/** Each kind of access and the roles that have it. */
export const ACCESS = {
  /** Signed in as any member: notifications, one's own password and devices. */
  member: ["owner", "office", "technician"],
  /**
   * My day: the jobs and visits assigned to the member, their customers' phone, e-mail and
   * address, the visit's status and notes (docs/decisions/030).
   */
  "assigned-work": ["owner", "office", "technician"],
  /** The dashboard, the schedule, jobs and appointments, search. */
  work: ["owner", "office"],
  /** Customers: the list, their details, import and export. */
  customers: ["owner", "office"],
  /** Estimates, their prices, the AI estimate assistant. */
  estimates: ["owner", "office"],
  /** Invoices, payments, deposits, late charges, recurring invoices. */
  money: ["owner", "office"],
  /** Reports and their exports. */
  reports: ["owner", "office"],
  /** The price book, with costs and margins. */
  "price-book": ["owner", "office"],
  /** The company's settings: details, logo, documents, reminders. */
  settings: ["owner", "office"],
  /** The account itself: the data export, deleting the account. */
  account: ["owner"],
  /** The team: members, invitations, roles. */
  team: ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Access = keyof typeof ACCESS;
/** What a route declares: an access above, or `public` for pages anyone may open signed out. */
export type RouteAccess = Access | "public";

export const ACCESS_KINDS = Object.keys(ACCESS) as Access[];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** True when `role` has `access`. */
export function can(role: Role, access: Access): boolean {
  return (ACCESS[access] as readonly Role[]).includes(role);
}

/** Every access `role` has, in the table's order. */
export function accessOf(role: Role): Access[] {
  return ACCESS_KINDS.filter((access) => can(role, access));
}

/** Where a member starts: the dashboard for those who may see it; a technician's day otherwise. */
export function homeOf(role: Role): string {
  return can(role, "work") ? "/app" : "/app/my-day";
}

/**
 * Whose work a member sees and acts on: everyone's (undefined) with `work`; only their own
 * (their member id) otherwise, as a technician (docs/decisions/030).
 */
export function ownWorkOnly(user: { role: Role; memberId: string }): string | undefined {
  return can(user.role, "work") ? undefined : user.memberId;
}

/** The message of a refused page or API call. */
export const NO_ACCESS_MESSAGE = "You don't have access";

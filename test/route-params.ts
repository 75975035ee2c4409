// Which record an id in a route's path names, and the path's params filled with an account's
// own records (test/tenant-fixtures.ts): shared by the isolation and the permission tests.
import type { ManifestRoute } from "./route-manifest";
import type { RecordType, TenantAccount } from "./tenant-fixtures";

/** Named params: the name says the record type. */
const NAMED_PARAMS: Record<string, RecordType> = {
  customerId: "customer",
  jobId: "job",
  estimateId: "estimate",
  invoiceId: "invoice",
  appointmentId: "appointment",
  notificationId: "notification",
  paymentId: "payment",
  recurringInvoiceId: "recurringInvoice",
  itemId: "priceItem",
  memberId: "member",
  requestId: "workRequest",
  fileId: "file",
};

/** A bare `:id`: the path segment before it says the record type. */
const COLLECTIONS: Record<string, RecordType> = {
  customers: "customer",
  jobs: "job",
  estimates: "estimate",
  invoices: "invoice",
  "from-estimate": "estimate",
  appointments: "appointment",
  schedule: "appointment",
  notifications: "notification",
  payments: "payment",
  "recurring-invoices": "recurringInvoice",
  items: "priceItem",
  deposits: "deposit",
  team: "member",
  invitations: "invitation",
  requests: "workRequest",
  files: "file",
};

/** A served copy's name (/files/{id}/{variant}): not a record, filled with "full". */
export type ParamKind = RecordType | "token" | "slug" | "splat" | "variant";

export function paramKind(route: ManifestRoute, param: string): ParamKind | undefined {
  if (param === "*") return "splat";
  if (param === "token") return "token";
  // /request/{slug}: the account's public request page.
  if (param === "slug") return "slug";
  if (param === "variant") return "variant";
  if (NAMED_PARAMS[param]) return NAMED_PARAMS[param];
  if (param === "id") {
    const segments = route.path.split("/");
    return COLLECTIONS[segments[segments.indexOf(":id") - 1]];
  }
  return undefined;
}

export function paramsOf(route: ManifestRoute, account: TenantAccount): Record<string, string> {
  return Object.fromEntries(
    route.params.map((param) => {
      const kind = paramKind(route, param);
      if (!kind)
        throw new Error(
          `Route ${route.path} (app/${route.file}): no record type known for :${param}. Teach test/route-params.ts which record it names.`,
        );
      // /e/{token} is an estimate's link, /i/{token} an invoice's, /c/{token} a customer's hub, /join/{token} an invitation's.
      if (kind === "token") {
        if (route.path.startsWith("/i/")) return [param, account.invoiceToken];
        if (route.path.startsWith("/c/")) return [param, account.hubToken];
        if (/^\/(api\/)?join\//.test(route.path)) return [param, account.invitationToken];
        return [param, account.token];
      }
      if (kind === "slug") return [param, account.requestSlug];
      if (kind === "variant") return [param, "full"];
      // Under an invoice's link, the photo on the invoice.
      if (kind === "file" && route.path.startsWith("/i/")) return [param, account.invoiceFileId];
      if (kind === "splat") return [param, `customers/${account.ids.customer}`];
      return [param, account.ids[kind]];
    }),
  );
}

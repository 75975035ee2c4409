import type { ActionFunctionArgs } from "@remix-run/node";
import { SalesRequestPage } from "~/components/sales-request-page";
import { titleMeta } from "~/services/meta";
import { handleSalesRequest } from "~/services/sales-request.server";
import type { RouteAccess } from "~/lib/permissions";

/** What this route needs (app/lib/permissions.ts). */
export const access = "public" satisfies RouteAccess;

export const meta = titleMeta("sales.demoTitle");

export const action = ({ request }: ActionFunctionArgs) => handleSalesRequest(request, "demo");

export default function Page() {
  return <SalesRequestPage kind="demo" />;
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { readSavedPage } from "../saved-pages.server";

/** One of TradeDesk's JSON answers as the benchmark saved it, served again by a resource route. */
export async function loader({ params }: LoaderFunctionArgs) {
  const body = await readSavedPage(params.name, "json");
  return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

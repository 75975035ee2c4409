import { parseForm } from "~/lib/form-parse";
import { data, redirect } from "@remix-run/node";
import { salesRequestSchema } from "~/lib/sales-request-schema";
import { recordSalesRequest } from "~/models/sales-request.server";
import { readForm } from "~/infrastructure/form.server";

/** The shared action of /demo and /contact-sales: validate, record, thank. */
export async function handleSalesRequest(request: Request, kind: "demo" | "sales") {
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: salesRequestSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { website, ...fields } = submission.value;
  // A filled honeypot is a bot: thank it the same way, record nothing.
  if (!website) await recordSalesRequest({ kind, ...fields });
  return redirect(`${new URL(request.url).pathname}?sent=1`);
}

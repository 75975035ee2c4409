import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSavedPage } from "../saved-pages.server";

/**
 * Each saved page's markup, as its loader last read it. The markup reaches the component
 * here, on the server, and not through the loader's data: Remix writes the loader's data into
 * the page a second time, for hydration, and the answer would carry the markup twice.
 * TradeDesk's own hydration data (its pages' rows, a fifth of their size or less) is part of
 * the saved markup. In a browser the map is empty and React keeps the server's markup.
 */
const markup = new Map<string, string>();

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.name ?? "Saved page" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const html = await readSavedPage(params.name, "html");
  const name = params.name!;
  markup.set(name, html);
  return { name, bytes: html.length };
}

/** One of TradeDesk's pages as the benchmark saved it, rendered again through Remix. */
export default function SavedPage() {
  const { name } = useLoaderData<typeof loader>();
  return <div dangerouslySetInnerHTML={{ __html: markup.get(name) ?? "" }} suppressHydrationWarning />;
}

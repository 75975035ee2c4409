// useLocale reads the root loader's locale the way a page does: through the router's data.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { useLocale } from "./use-locale";

function Shown() {
  return <p>{useLocale()}</p>;
}

async function render(rootData: Record<string, unknown>) {
  const routes = [{ id: "root", path: "/", loader: () => rootData, Component: Shown }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("redirected");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

describe("useLocale", () => {
  it("is the root loader's locale", async () => {
    expect(await render({ locale: "es" })).toContain("<p>es</p>");
    expect(await render({ locale: "en" })).toContain("<p>en</p>");
  });

  it("is English without a root locale", async () => {
    expect(await render({})).toContain("<p>en</p>");
    expect(await render({ locale: "fr" })).toContain("<p>en</p>");
  });
});

// Links that repeat in every row of a list (Edit, Send, Activity, a job's badge) are plain
// anchors with an absolute href and a `data-route` mark. Without JavaScript they are ordinary
// links. Once the page has hydrated, one click listener on the document (useRouteLinks, in
// the root) sends a click on such an anchor to Remix's navigate, as a <Link> would, so a
// route dialog opens without a page load. A Remix <Link> costs about 20 µs of the server's
// render each (it resolves its path, reads the navigation and prefetch state); a page of 25
// estimates had 175 of them (docs/decisions/021).
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/** `data-route` values: follow client-side, and whether to keep the scroll position (a dialog below a list). */
export const ROUTE_LINK = "route";
export const ROUTE_LINK_KEEP_SCROLL = "keep-scroll";

/** The attributes of a client-side link to `href` (absolute: `/app/...`). */
export function routeLinkProps(href: string, options: { keepScroll?: boolean } = {}) {
  return { href, "data-route": options.keepScroll ? ROUTE_LINK_KEEP_SCROLL : ROUTE_LINK };
}

/**
 * The anchor a click should follow client-side, or null when the browser should handle it:
 * another button or a modifier key (a new tab), a target or download, another origin.
 */
export function routeLinkOf(event: MouseEvent, origin: string): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const target = event.target as Element | null;
  // The mark is on the anchor, or on a container of such links (a row's menu).
  const anchor = target?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || !anchor.closest("[data-route]") || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.origin !== origin) return null;
  return anchor;
}

/** Once per page (the root): clicks on route links navigate client-side. */
export function useRouteLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = routeLinkOf(event, window.location.origin);
      if (!anchor) return;
      event.preventDefault();
      navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`, {
        preventScrollReset: anchor.closest("[data-route]")?.getAttribute("data-route") === ROUTE_LINK_KEEP_SCROLL,
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

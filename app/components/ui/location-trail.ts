// Where each page of this tab was arrived at from, so a dialog can close by going back to the
// page it was opened from rather than on top of it (RouteDialog). Kept in the browser for the
// life of the document: the location the router gave each history entry, and the address of
// the page before it.
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

const cameFrom = new Map<string, string | null>();
let last: string | null = null;

/** Once per page (the root): notes, for each new location, the address shown before it. */
export function useLocationTrail() {
  const { key, pathname, search } = useLocation();
  useEffect(() => {
    const here = `${pathname}${search}`;
    // A location seen before (Back, Forward) keeps what it was first arrived from.
    if (!cameFrom.has(key)) cameFrom.set(key, last);
    last = here;
  }, [key, pathname, search]);
}

/** The address shown before the location with this key, when the trail knows it. */
export const addressBefore = (key: string): string | null => cameFrom.get(key) ?? null;

import type { Navigation } from "@remix-run/react";

/**
 * Whether a form post is still under way: its action, and then the page it leads to loading.
 * Remix's "submitting" covers only the action; a button enabled again while the next page
 * loads (seconds on a slow phone network) could post the same form twice: two payments, two
 * estimates. So the buttons stay busy until the navigation is over. A GET form (a search) is
 * not a post.
 */
export function isPosting(navigation: Navigation): boolean {
  return navigation.state !== "idle" && navigation.formData !== undefined && navigation.formMethod?.toUpperCase() !== "GET";
}

import { data } from "@remix-run/node";

/**
 * The POST of a confirm-delete dialog: deletes through `remove`, then answers with `done`
 * (a redirect with a toast). 404 when the account has no such row, so nothing was deleted;
 * when the write fails, it is logged and the dialog gets 500 with `{ failed: true }`, which
 * it shows as an error toast.
 */
export async function deleteThenRedirect<T>(
  what: string,
  remove: () => Promise<T | undefined>,
  done: (row: T) => Promise<Response> | Response,
) {
  let row: T | undefined;
  try {
    row = await remove();
  } catch (error) {
    console.error(`Deleting ${what} failed`, error);
    return data({ failed: true }, { status: 500 });
  }
  if (!row) throw new Response("Not Found", { status: 404 });
  return done(row);
}

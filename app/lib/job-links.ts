// Where the job dialogs go back to: the list with its search, filter, sort and page,
// without the params that only matter to the dialog itself.

const DIALOG_PARAMS = ["customerId"];

/** The jobs list URL for a dialog opened with this search string. */
export function jobsListUrl(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  const text = params.toString();
  return `/app/jobs${text ? `?${text}` : ""}`;
}

// One list screen (docs/architecture.md, "Lists"): a title with the account's count, a search
// box with its selects (status filters, sort), a table of declared columns with row actions,
// a pager, and the empty and no-match states. A list route declares its columns and actions;
// its loader reads the URL with `loadListPage` (app/lib/list-params.ts).
import { Form, Link, Outlet, useLocation, useResolvedPath } from "@remix-run/react";
import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/forms";
import { listBoxClass, ListSearch, Pagination, useListLoading } from "~/components/ui/list";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { ROUTE_LINK_KEEP_SCROLL, routeLinkProps } from "~/components/ui/route-link";
import type { SectionsWith, TranslationKey } from "~/locales/keys";

/** A column: its heading, what a row shows in it, and how its cells look. */
export interface Column<Item> {
  key: string;
  header: string;
  cell: (item: Item) => ReactNode;
  /** Right-aligned heading and cells (amounts, counts, actions). */
  align?: "right";
  className?: string;
  testId?: string;
  /** Where the cell goes on a phone's card (CardPlace; a small detail unless told). */
  card?: CardPlace;
}

type Tone = "brand" | "danger" | "success";

interface ActionBase {
  label: string;
  /** What a screen reader hears: the action and the row it acts on. */
  ariaLabel: string;
  tone?: Tone;
}

/**
 * A row action. `dialog` opens a route dialog below the list (keeping the list's search), or,
 * with `disabled`, shows the action and says why it cannot be used; `href` is a plain link (a
 * file to download, a page in a new tab); `post` is a form that posts to a route, with its
 * hidden `fields`, and with `keepSearch` the list's search (a route that comes back to the list).
 */
export type RowAction =
  | (ActionBase & { dialog: string; disabled?: string | false })
  | (ActionBase & { href: string; download?: boolean; newTab?: boolean })
  | (ActionBase & { post: string; fields?: Record<string, string>; keepSearch?: boolean });

/**
 * A row action's look, by tone: one short class each (app/tailwind.css, "Row actions"), since a
 * page of 25 rows repeats it some 200 times and the utilities spelled out made a fifth of the
 * estimates page's HTML.
 */
const toneClass: Record<Tone, string> = {
  brand: "row-action",
  danger: "row-action row-action-danger",
  success: "row-action row-action-success",
};

export const rowActionClass = (tone: Tone = "brand") => toneClass[tone];

/** A row action; a dialog's path is relative to the list's route (`base`), as a <Link>'s would be. */
function RowActionView({ action, search, base }: { action: RowAction; search: string; base: string }) {
  const className = rowActionClass(action.tone);
  if ("dialog" in action && action.disabled)
    return (
      <button
        type="button"
        aria-disabled="true"
        title={action.disabled}
        className="cursor-not-allowed whitespace-nowrap rounded px-2 py-1 text-slate-500 dark:text-slate-400"
        aria-label={`${action.ariaLabel}: ${action.disabled}`}
        data-testid="send-disabled"
      >
        {action.label}
      </button>
    );
  // A route link by the mark on the list's <tbody> (ListTable), so it is not repeated on every link.
  if ("dialog" in action)
    return (
      <a href={`${base}/${action.dialog}${search}`} className={className} aria-label={action.ariaLabel}>
        {action.label}
      </a>
    );
  if ("href" in action)
    return (
      <a
        href={action.href}
        className={className}
        aria-label={action.ariaLabel}
        {...(action.download ? { download: true } : {})}
        {...(action.newTab ? { target: "_blank", rel: "noopener" } : {})}
      >
        {action.label}
      </a>
    );
  return (
    <Form
      method="post"
      action={action.keepSearch ? `${action.post}${search}` : action.post}
      preventScrollReset={action.keepSearch}
    >
      {Object.entries(action.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={action.ariaLabel}>
        {action.label}
      </button>
    </Form>
  );
}

/** A select beside the search box (a status filter, the sort): it submits the search form when it changes. */
export interface ListSelect {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

function ListSelectView({ select }: { select: ListSelect }) {
  return (
    <label>
      <span className="sr-only">{select.label}</span>
      <select
        name={select.name}
        defaultValue={select.value}
        key={`${select.name}-${select.value}`}
        className={inputClass}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {select.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A row's actions, as one menu: a <details>, so it opens without JavaScript. */
function RowMenu({
  label,
  actions,
  search,
  base,
}: {
  label: string;
  actions: (RowAction | ReactNode)[];
  search: string;
  base: string;
}) {
  const { t } = useTranslation();
  return (
    <details className="row-menu">
      <summary aria-label={t("list.actionsFor", { name: label })}>{t("list.actions")}</summary>
      <div>
        <RowActions actions={actions} search={search} base={base} />
      </div>
    </details>
  );
}

function RowActions({ actions, search, base }: { actions: (RowAction | ReactNode)[]; search: string; base: string }) {
  return actions.map((action, index) =>
    action && typeof action === "object" && "ariaLabel" in action ? (
      <RowActionView key={index} action={action as RowAction} search={search} base={base} />
    ) : (
      <Fragment key={index}>{action as ReactNode}</Fragment>
    ),
  );
}

/**
 * Where a cell goes on a phone's card, below 640 px (app/tailwind.css, "A list"): `title`
 * first and bold, `sub` under it, `figure` (the amount) and `badge` (the status) on one line,
 * `hide` nowhere; a `detail` (the default) is a small line after its column's name.
 */
export type CardPlace = "title" | "sub" | "figure" | "badge" | "detail" | "hide";

const cardPlaceClass: Record<CardPlace, string> = {
  title: "c-title",
  sub: "c-sub",
  figure: "c-fig",
  badge: "c-badge",
  detail: "",
  hide: "c-hide",
};

/**
 * The rows of a list: a table from 640 px up, a list of cards below (one markup; app/tailwind.css,
 * "A list"). A row's actions are one menu named by `rowLabel` when there are more than two.
 */
export function ListTable<Item extends { id: string }>({
  items,
  columns,
  actions,
  rowLabel,
  testId,
  rowTestId,
}: {
  items: Item[];
  columns: Column<Item>[];
  actions?: (item: Item) => (RowAction | ReactNode | false | null)[];
  /** What names a row in its menu's label ("Actions for EST-0001"). */
  rowLabel?: (item: Item) => string;
  testId?: string;
  rowTestId?: string;
}) {
  const { t } = useTranslation();
  const { search, key } = useLocation();
  const base = useResolvedPath(".").pathname.replace(/\/$/, "");
  const loading = useListLoading();
  // With JavaScript the page stays when an action opens its dialog: the open menu closes then.
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => {
    table.current?.querySelectorAll("details[open]").forEach((menu) => menu.removeAttribute("open"));
  }, [key]);
  const cellClass = (column: Column<Item>) =>
    [column.align === "right" ? "r" : "", cardPlaceClass[column.card ?? "detail"], column.className ?? ""]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className={`${listBoxClass} ${loading ? "opacity-60" : ""}`}>
      <table ref={table} className="list-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.align === "right" ? "r" : undefined}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="r">
                {t("list.actions")}
              </th>
            ) : null}
          </tr>
        </thead>
        {/* Links in the rows follow client-side, keeping the list's scroll (a dialog opens over it). */}
        <tbody data-route={ROUTE_LINK_KEEP_SCROLL}>
          {items.map((item) => {
            const rowActions = actions ? actions(item).filter((action) => action) : [];
            return (
              <tr key={item.id} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cellClass(column)}
                    data-label={(column.card ?? "detail") === "detail" ? column.header : undefined}
                    data-testid={column.testId}
                  >
                    {column.cell(item)}
                  </td>
                ))}
                {actions ? (
                  <td className="r c-act">
                    {rowActions.length > 2 ? (
                      <RowMenu label={rowLabel?.(item) ?? ""} actions={rowActions} search={search} base={base} />
                    ) : (
                      // One or two actions (Edit, Delete) stay in sight: a menu would only add a tap.
                      <div className="row-actions">
                        <RowActions actions={rowActions} search={search} base={base} />
                      </div>
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A select of the list's values: the sort, or the status filter (`Also` is its "all", labelled
 * `<name>.allStatuses`).
 */
export interface ListChoice<Option extends string, Also extends string = never> {
  value: string;
  options: readonly (Also | Option)[];
  /** The dictionary key of an option's label. */
  labelKey: (option: Option) => TranslationKey;
}

/**
 * A list's dictionary section: it has `<name>.title`, `.things` (the plural noun of the
 * no-match message), `.searchLabel`, `.searchPlaceholder` and `.empty`, checked by tsc.
 */
export type ListName = SectionsWith<"title" | "things" | "searchLabel" | "searchPlaceholder" | "empty">;

/**
 * The parts of a list with texts of their own, each allowed only to a list whose section has
 * them: `status`, the ?status= filter (`<name>.statusFilter`, `.allStatuses`); `csv`, the list
 * as a CSV file: "<name>.exportCsv" downloads this address and "<name>.importCsv" opens the
 * `import` dialog, in the header before the add button; `canAdd` shows "+ <name>.add", opening
 * the `new` dialog.
 */
type ListTexts<Status extends string> = (
  { status: ListChoice<Status, "all">; name: SectionsWith<"statusFilter" | "allStatuses"> } | { status?: undefined }
) &
  ({ csv: string; name: SectionsWith<"exportCsv" | "importCsv"> } | { csv?: undefined }) &
  ({ canAdd: true; name: SectionsWith<"add"> } | { canAdd?: false });

export type ListPageProps<
  Item extends { id: string },
  Status extends string = string,
  Sort extends string = string,
> = ListTexts<Status> & {
  /**
   * The list's dictionary section (`ListName`, and the texts of `ListTexts`); its table is
   * `data-testid="<name>-table"` unless `tableTestId` says otherwise.
   */
  name: ListName;
  tableTestId?: string;
  /** The loader's answer from `loadListPage`. */
  data: { items: Item[]; total: number; page: number; pageSize: number; accountTotal: number; params: { q: string } };
  /** Other selects (a filter by method, by category), between the status filter and the sort. */
  selects?: ListSelect[];
  /** The ?sort= select. */
  sort?: ListChoice<Sort>;
  /** Other buttons in the header, before the add button. */
  headerActions?: ReactNode;
  columns: Column<Item>[];
  actions?: (item: Item) => (RowAction | ReactNode | false | null)[];
  rowTestId?: string;
  /** What names a row in its action menu's label ("Actions for EST-0001"). */
  rowLabel?: (item: Item) => string;
  /** A button under the empty state's text (a way to start other than "+ add"). */
  emptyAction?: ReactNode;
  /** Shown under the pager while the account has rows (a hint about the list). */
  footer?: ReactNode;
  /** Rendered after the dialogs' outlet (a toast). */
  children?: ReactNode;
};

/** A whole list screen; the dialogs of its child routes open in its outlet. */
export function ListPage<Item extends { id: string }, Status extends string, Sort extends string>(
  props: ListPageProps<Item, Status, Sort>,
) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { data, name, sort } = props;
  const selects: ListSelect[] = [];
  if (props.status) {
    const { status, name } = props;
    selects.push({
      name: "status",
      label: t(`${name}.statusFilter`),
      value: status.value,
      options: selectOptions(status.options, (value) => (value === "all" ? t(`${name}.allStatuses`) : t(status.labelKey(value)))),
    });
  }
  selects.push(...(props.selects ?? []));
  if (sort)
    selects.push({
      name: "sort",
      label: t("list.sortBy"),
      value: sort.value,
      options: selectOptions(sort.options, (value) => t(sort.labelKey(value))),
    });
  return (
    <div>
      <PageHeader
        title={t(`${name}.title`)}
        count={data.accountTotal}
        actions={
          props.headerActions || props.canAdd || props.csv ? (
            <>
              {props.csv ? (
                <>
                  <a href={props.csv} className={buttonClass("secondary")} download>
                    {t(`${props.name}.exportCsv`)}
                  </a>
                  <Link to={`import${search}`} className={buttonClass("secondary")} preventScrollReset>
                    {t(`${props.name}.importCsv`)}
                  </Link>
                </>
              ) : null}
              {props.headerActions}
              {props.canAdd ? (
                <Link to={`new${search}`} className={buttonClass("primary")} preventScrollReset>
                  + {t(`${props.name}.add`)}
                </Link>
              ) : null}
            </>
          ) : undefined
        }
      />
      {data.accountTotal === 0 ? (
        <EmptyState action={props.emptyAction}>{t(`${name}.empty`)}</EmptyState>
      ) : (
        <>
          <ListSearch q={data.params.q} label={t(`${name}.searchLabel`)} placeholder={t(`${name}.searchPlaceholder`)}>
            {selects.map((select) => (
              <ListSelectView key={select.name} select={select} />
            ))}
          </ListSearch>
          {data.items.length === 0 ? (
            <EmptyState>{t("list.noMatches", { things: t(`${name}.things`) })}</EmptyState>
          ) : (
            <ListTable
              items={data.items}
              columns={props.columns}
              actions={props.actions}
              rowLabel={props.rowLabel}
              testId={props.tableTestId ?? `${name}-table`}
              rowTestId={props.rowTestId}
            />
          )}
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} />
          {props.footer}
        </>
      )}
      <Outlet />
      {props.children}
    </div>
  );
}

/** The options of a select from its values and a label for each. */
export function selectOptions<Value extends string>(values: readonly Value[], label: (value: Value) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}

const badgeTone = {
  estimate: "border-purple-200 bg-purple-50 text-purple-800 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-300",
  invoice: "border-teal-200 bg-teal-50 text-teal-800 dark:border-teal-900 dark:bg-teal-950 dark:text-teal-300",
  job: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-300",
};

/** A small link from a row to a related record's list, searched for it ("Est #1234"). */
export function LinkBadge({
  kind,
  search,
  label,
  ariaLabel,
}: {
  kind: keyof typeof badgeTone;
  /** What the related list is searched for (a document number, a job's title); also the tooltip. */
  search: string;
  label: string;
  ariaLabel: string;
}) {
  return (
    <a
      {...routeLinkProps(`/app/${kind}s?q=${encodeURIComponent(search)}`)}
      className={`inline-flex whitespace-nowrap rounded-md border px-1.5 py-0.5 text-xs font-medium hover:underline ${badgeTone[kind]}`}
      aria-label={ariaLabel}
      title={search}
    >
      {label}
    </a>
  );
}

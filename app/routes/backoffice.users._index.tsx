import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { Alert } from "~/components/alert";
import { CustomerStatusBadge } from "~/components/backoffice/status-badges";
import { Cell, EmptyState, FilterForm, PageHeading, Pager, ResponsiveTable, Row, SearchFilter, SelectFilter, inlineLinkClass } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { formatDate } from "~/domain/format";
import { SEARCH_MIN_LENGTH, decodeCursor, normalizeSearch, type ListCount, type PageDirection } from "~/domain/list-query";
import { countText, customerTexts, listTexts } from "~/messages/backoffice";
import { CUSTOMER_STATUS_LABELS } from "~/messages/statuses";
import {
  countCustomersForStaff,
  listCustomersForStaff,
  resolveCustomerSearch,
  type CustomerListFilters,
  type CustomerStatus,
} from "~/models/backoffice-customers.server";

// Customers (spec 001 §2 /backoffice/users; issue 14): search by name, e-mail or city, status,
// created date and order count, newest first, keyset pages. Admin and moderator.

const STATUSES = Object.keys(CUSTOMER_STATUS_LABELS) as CustomerStatus[];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.users);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("tila");
  const status = STATUSES.find((candidate) => candidate === statusParam) ?? null;
  const typed = normalizeSearch(params.get("haku"));
  const searchTooShort = typed !== null && typed.length < SEARCH_MIN_LENGTH;
  const search = searchTooShort ? null : typed;
  const after = decodeCursor(params.get("jalkeen"));
  const before = decodeCursor(params.get("ennen"));
  const page: PageDirection = before ? { before } : after ? { after } : null;

  const filters: CustomerListFilters = { status, search, page };
  if (search) filters.resolvedSearch = await resolveCustomerSearch(db, search);
  const [list, counted] = await Promise.all([listCustomersForStaff(db, filters), countCustomersForStaff(db, filters)]);
  const count: ListCount = counted.kind === "estimate" && page === null && list.next === null ? { value: list.rows.length, kind: "exact" } : counted;

  const base = new URLSearchParams();
  if (status) base.set("tila", status);
  if (typed) base.set("haku", typed);
  const href = (param: "jalkeen" | "ennen", cursor: string | null) => {
    if (!cursor) return null;
    const next = new URLSearchParams(base);
    next.set(param, cursor);
    return `?${next}`;
  };
  return {
    form: { status: status ?? "", search: typed ?? "" },
    filtered: status !== null || typed !== null,
    searchTooShort,
    count,
    next: href("jalkeen", list.next),
    previous: href("ennen", list.previous),
    first: page !== null && list.previous !== null ? `?${base}` : null,
    rows: list.rows.map((row) => ({
      id: row.id,
      fullName: row.fullName || "Ei nimeä",
      email: row.email,
      city: row.city ?? "–",
      status: row.status,
      createdAt: formatDate(row.createdAt),
      orderCount: row.orderCount,
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Asiakkaat – Hallintapaneeli – Arkikaveri" }];

export default function CustomersPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeading title="Asiakkaat">
        <p>Asiakkaat uusimmasta vanhimpaan. Asiakkaan sivulla näet hänen tilauksensa ja voit jäädyttää tilin.</p>
      </PageHeading>

      <FilterForm label="Hae asiakkaita" clearHref="/backoffice/users" filtered={data.filtered} className="sm:grid-cols-[2fr_1fr_auto] sm:items-end" actionsClassName="flex flex-wrap items-center gap-3">
        <SearchFilter id="customer-search" label="Hae nimellä, sähköpostilla tai kaupungilla" defaultValue={data.form.search} />
        <SelectFilter
          id="customer-status"
          label="Tila"
          name="tila"
          defaultValue={data.form.status}
          options={STATUSES.map((status) => ({ value: status, label: CUSTOMER_STATUS_LABELS[status] }))}
        />
      </FilterForm>

      {data.searchTooShort ? <Alert type="warning">{listTexts.searchTooShort}</Alert> : null}

      <p aria-live="polite" className="font-semibold">
        {countText(data.count, "asiakas", "asiakasta")}
      </p>

      {data.rows.length === 0 ? (
        <EmptyState>{data.filtered ? customerTexts.noMatches : customerTexts.empty}</EmptyState>
      ) : (
        <ResponsiveTable caption="Asiakkaat" headers={["Nimi", "Kaupunki", "Tila", "Asiakkaana alkaen", "Tilauksia"]}>
          {data.rows.map((row) => (
            <Row key={row.id}>
              <Cell label="Nimi">
                <Link to={`/backoffice/users/${row.id}`} className={`${inlineLinkClass} font-semibold`}>
                  {row.fullName}
                </Link>
                <span className="block break-all text-gray-700">{row.email}</span>
              </Cell>
              <Cell label="Kaupunki">{row.city}</Cell>
              <Cell label="Tila">
                <CustomerStatusBadge status={row.status} />
              </Cell>
              <Cell label="Asiakkaana alkaen">{row.createdAt}</Cell>
              <Cell label="Tilauksia">{row.orderCount}</Cell>
            </Row>
          ))}
        </ResponsiveTable>
      )}

      <Pager previous={data.previous} next={data.next} first={data.first} label="Asiakaslistan sivut" />
    </div>
  );
}

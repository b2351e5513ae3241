import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { Alert } from "~/components/alert";
import { CustomerStatusBadge } from "~/components/backoffice/status-badges";
import { Cell, EmptyState, FilterForm, PageHeading, Pager, labelOptions, PersonNameCell, ResponsiveTable, Row, SearchFilter, SelectFilter } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { formatDate } from "~/domain/format";
import { keysetPageLinks, pageDirectionOf, searchTermOf, shownCount } from "~/domain/list-query";
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
  const { typed, search, tooShort: searchTooShort } = searchTermOf(params.get("haku"));
  const page = pageDirectionOf(params);

  const filters: CustomerListFilters = { status, search, page };
  if (search) filters.resolvedSearch = await resolveCustomerSearch(db, search);
  const [list, counted] = await Promise.all([listCustomersForStaff(db, filters), countCustomersForStaff(db, filters)]);
  const count = shownCount(counted, page, list);

  const base = new URLSearchParams();
  if (status) base.set("tila", status);
  if (typed) base.set("haku", typed);
  return {
    form: { status: status ?? "", search: typed ?? "" },
    filtered: status !== null || typed !== null,
    searchTooShort,
    count,
    ...keysetPageLinks(base, page, list),
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
          options={labelOptions(CUSTOMER_STATUS_LABELS)}
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
              <PersonNameCell href={`/backoffice/users/${row.id}`} name={row.fullName} email={row.email} />
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

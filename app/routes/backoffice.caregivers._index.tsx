import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { formatRating } from "~/components/booking/caregiver-cards";
import { CaregiverStatusBadge } from "~/components/backoffice/status-badges";
import { CaregiverPhoto, Cell, EmptyState, FilterForm, PageHeading, Pager, labelOptions, PersonNameCell, ResponsiveTable, Row, SearchFilter, SelectFilter } from "~/components/backoffice/ui";
import { Alert } from "~/components/alert";
import { getDb } from "~/db.server";
import { VERIFICATION_FLAGS } from "~/domain/caregiver-review";
import { formatDate } from "~/domain/format";
import { pageNumberOf, searchTermOf } from "~/domain/list-query";
import type { CaregiverStatus } from "~/domain/statuses";
import { CAREGIVER_STATUS_LABELS } from "~/messages/statuses";
import { VERIFICATION_FLAG_SHORT_LABELS, caregiverTexts, listTexts } from "~/messages/backoffice";
import { CAREGIVER_PAGE_SIZE, listCaregiversForStaff } from "~/models/backoffice-caregivers.server";

// Helpers (spec 001 §2 /backoffice/caregivers; issue 14): the work queue of applications first,
// then everyone else, with search, a status filter and pages. Admin and moderator.

const STATUSES = Object.keys(CAREGIVER_STATUS_LABELS) as CaregiverStatus[];

function isStatus(value: string | null): value is CaregiverStatus {
  return value !== null && (STATUSES as string[]).includes(value);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.caregivers);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("tila");
  const status = isStatus(statusParam) ? statusParam : null;
  const { typed, search, tooShort: searchTooShort } = searchTermOf(url.searchParams.get("haku"));
  const page = pageNumberOf(url.searchParams.get("sivu"));

  const { rows, total } = await listCaregiversForStaff(await getDb(), { status, search, page });
  const pages = Math.max(1, Math.ceil(total / CAREGIVER_PAGE_SIZE));
  const pageHref = (target: number) => {
    const params = new URLSearchParams(url.searchParams);
    if (target === 1) params.delete("sivu");
    else params.set("sivu", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return {
    filters: { status: status ?? "", search: typed ?? "" },
    filtered: status !== null || typed !== null,
    searchTooShort,
    total,
    page,
    pages,
    previous: page > 1 ? pageHref(page - 1) : null,
    next: page < pages ? pageHref(page + 1) : null,
    rows: rows.map((row) => ({
      id: row.id,
      fullName: row.fullName || row.email,
      email: row.email,
      city: row.city,
      status: row.status,
      rating: row.averageRating === null ? caregiverTexts.noRating : formatRating(row.averageRating),
      photoUrl: row.photoUrl,
      checks: VERIFICATION_FLAGS.filter((flag) => row.flags[flag]).map((flag) => VERIFICATION_FLAG_SHORT_LABELS[flag]),
      appliedAt: formatDate(row.appliedAt),
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Kaverit – Hallintapaneeli – Arkikaveri" }];

export default function CaregiversPage() {
  const data = useLoaderData<typeof loader>();
  const countLabel = `${data.total} ${data.total === 1 ? "kaveri" : "kaveria"}`;
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeading title="Kaverit">
        <p>Hakemukset ja kaverit. Odottavat hakemukset näkyvät ensin, vanhin ensin.</p>
      </PageHeading>

      <FilterForm label="Hae kavereita" clearHref="/backoffice/caregivers" filtered={data.filtered} className="sm:grid-cols-[2fr_1fr_auto] sm:items-end" actionsClassName="flex flex-wrap items-center gap-3">
        <SearchFilter id="caregiver-search" label="Hae nimellä, sähköpostilla tai kaupungilla" defaultValue={data.filters.search} />
        <SelectFilter
          id="caregiver-status"
          label="Tila"
          name="tila"
          defaultValue={data.filters.status}
          allLabel="Kaikki (odottavat ensin)"
          options={labelOptions(CAREGIVER_STATUS_LABELS)}
        />
      </FilterForm>

      {data.searchTooShort ? <Alert type="warning">{listTexts.searchTooShort}</Alert> : null}

      <p aria-live="polite" className="font-semibold">
        {countLabel}
      </p>

      {data.rows.length === 0 ? (
        <EmptyState>{data.filtered ? caregiverTexts.noMatches : caregiverTexts.empty}</EmptyState>
      ) : (
        <ResponsiveTable caption="Kaverit" headers={["Kuva", "Nimi", "Kaupunki", "Tila", "Arvio", "Tarkistukset", "Hakemus jätetty"]}>
          {data.rows.map((row) => (
            <Row key={row.id} highlight={row.status === "pending"}>
              <Cell label="Kuva">
                <CaregiverPhoto url={row.photoUrl} />
              </Cell>
              <PersonNameCell href={`/backoffice/caregivers/${row.id}`} name={row.fullName} email={row.email} />
              <Cell label="Kaupunki">{row.city}</Cell>
              <Cell label="Tila">
                <CaregiverStatusBadge status={row.status} />
              </Cell>
              <Cell label="Arvio">{row.rating}</Cell>
              <Cell label="Tarkistukset">
                {row.checks.length === 0 ? (
                  <span>Ei tarkistuksia</span>
                ) : (
                  <ul className="space-y-0.5">
                    {row.checks.map((check) => (
                      <li key={check}>✓ {check}</li>
                    ))}
                  </ul>
                )}
              </Cell>
              <Cell label="Hakemus jätetty">{row.appliedAt}</Cell>
            </Row>
          ))}
        </ResponsiveTable>
      )}

      <Pager previous={data.previous} next={data.next} label="Kaverilistan sivut" position={{ page: data.page, of: data.pages }} />
    </div>
  );
}

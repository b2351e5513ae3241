import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { auditEntryView } from "~/backoffice/audit-view";
import { AuditChanges } from "~/components/backoffice/audit-entries";
import { Cell, DateRangeFilter, EmptyState, FilterForm, FilterNotices, PageHeading, Pager, labelOptions, ResponsiveTable, Row, SelectFilter, inlineLinkClass } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { addCalendarDays, helsinkiWallTimeToInstant, isIsoDate } from "~/domain/booking-window";
import { keysetPageLinks, pageDirectionOf } from "~/domain/list-query";
import { isUuid } from "~/domain/uuid";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, SYSTEM_ACTOR, auditEntityLabel, listTexts } from "~/messages/backoffice";
import { describeAuditSubjects, listAuditEntries, listStaffMembers } from "~/models/audit-log.server";

// The audit log for admins (DESIGN.md decision 19; issue 14): every staff write and the system's
// own notes, newest first, filterable by what, which action, who and when.

const SUBJECT_PATHS: Record<string, (id: string, name: string) => string> = {
  order: (_id, orderNumber) => `/backoffice/orders/${encodeURIComponent(orderNumber)}`,
  caregiver: (id) => `/backoffice/caregivers/${id}`,
  customer: (id) => `/backoffice/users/${id}`,
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.audit);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const staff = await listStaffMembers(db);

  const entityType = params.get("kohde");
  const action = params.get("toiminto");
  const actor = params.get("tekija");
  const from = (params.get("alkaen") ?? "").trim();
  const to = (params.get("asti") ?? "").trim();
  const notices: string[] = [];
  if ((from && !isIsoDate(from)) || (to && !isIsoDate(to))) notices.push(listTexts.invalidDate);
  const page = pageDirectionOf(params);

  const filters = {
    entityType: entityType && entityType in AUDIT_ENTITY_LABELS ? entityType : null,
    action: action && action in AUDIT_ACTION_LABELS ? action : null,
    actor: actor === "system" || isUuid(actor) ? actor : null,
    from: isIsoDate(from) ? helsinkiWallTimeToInstant(from, 0) : null,
    before: isIsoDate(to) ? helsinkiWallTimeToInstant(addCalendarDays(to, 1), 0) : null,
    page,
  };
  const list = await listAuditEntries(db, filters);
  const subjects = await describeAuditSubjects(db, list.rows);

  const base = new URLSearchParams();
  for (const key of ["kohde", "toiminto", "tekija", "alkaen", "asti"]) {
    const value = params.get(key);
    if (value) base.set(key, value);
  }
  return {
    form: { entityType: filters.entityType ?? "", action: filters.action ?? "", actor: filters.actor ?? "", from, to },
    filtered: [...base.keys()].length > 0,
    notices,
    staff,
    ...keysetPageLinks(base, page, list),
    rows: list.rows.map((row) => {
      const name = row.entityId ? subjects.get(`${row.entityType}:${row.entityId}`) : undefined;
      const path = name && row.entityId ? SUBJECT_PATHS[row.entityType]?.(row.entityId, name) : undefined;
      return auditEntryView(row, {
        label: `${auditEntityLabel(row.entityType)}${name ? ` ${name}` : row.entityId && !isUuid(row.entityId) ? ` ${row.entityId}` : ""}`,
        href: path ?? null,
      });
    }),
  };
}

export const meta: MetaFunction = () => [{ title: "Muutosloki – Hallintapaneeli – Arkikaveri" }];

export default function AuditPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-7xl space-y-6">
      <PageHeading title="Muutosloki">
        <p>Kaikki henkilökunnan tekemät muutokset ja järjestelmän merkinnät, uusimmat ensin.</p>
      </PageHeading>

      <FilterForm label="Suodata muutoslokia" clearHref="/backoffice/audit" filtered={data.filtered} className="md:grid-cols-3">
        <SelectFilter
          id="audit-entity"
          label="Kohde"
          name="kohde"
          defaultValue={data.form.entityType}
          options={labelOptions(AUDIT_ENTITY_LABELS)}
        />
        <SelectFilter
          id="audit-action"
          label="Toiminto"
          name="toiminto"
          defaultValue={data.form.action}
          options={labelOptions(AUDIT_ACTION_LABELS)}
        />
        <SelectFilter
          id="audit-actor"
          label="Tekijä"
          name="tekija"
          defaultValue={data.form.actor}
          options={[{ value: "system", label: SYSTEM_ACTOR }, ...data.staff.map((member) => ({ value: member.id, label: member.name }))]}
        />
        <DateRangeFilter idPrefix="audit" fromLabel="Alkaen" toLabel="Asti" from={data.form.from} to={data.form.to} />
      </FilterForm>

      <FilterNotices notices={data.notices} />

      {data.rows.length === 0 ? (
        <EmptyState>{data.filtered ? "Ei merkintöjä valituilla suodattimilla." : "Lokissa ei ole vielä merkintöjä."}</EmptyState>
      ) : (
        <ResponsiveTable caption="Muutosloki" headers={["Aika", "Tekijä", "Toiminto", "Kohde", "Muutos"]}>
          {data.rows.map((row) => (
            <Row key={row.id}>
              <Cell label="Aika" className="md:whitespace-nowrap">
                {row.when}
              </Cell>
              <Cell label="Tekijä">{row.actor}</Cell>
              <Cell label="Toiminto">{row.action}</Cell>
              <Cell label="Kohde">
                {row.subject?.href ? (
                  <Link to={row.subject.href} className={inlineLinkClass}>
                    {row.subject.label}
                  </Link>
                ) : (
                  row.subject?.label
                )}
              </Cell>
              <Cell label="Muutos">
                <AuditChanges changes={row.changes} />
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      )}

      <Pager previous={data.previous} next={data.next} first={data.first} label="Muutoslokin sivut" />
    </div>
  );
}

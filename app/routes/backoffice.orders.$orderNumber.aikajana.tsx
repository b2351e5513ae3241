import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { auditEntryView } from "~/backoffice/audit-view";
import { requireOrderOfPage } from "~/backoffice/order-page.server";
import { AuditHistory, type AuditEntryView } from "~/components/backoffice/audit-entries";
import { Section } from "~/components/backoffice/ui";
import { getDb } from "~/db.server";
import { formatDateTime } from "~/domain/format";
import { SYSTEM_ACTOR } from "~/messages/backoffice";
import { listAuditForEntity } from "~/models/audit-log.server";

// The order's timeline (spec 001 §2 "Timeline"): created, then every change from the audit log
// (status, helper, cancellation, payment events), with who and when. An order completed or
// cancelled outside the log (a customer's own cancellation, demo data) still shows the moment.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, access.orders);
  const db = await getDb();
  const order = await requireOrderOfPage(db, params);
  const audit = await listAuditForEntity(db, "order", order.id);
  const logged = (status: string) =>
    audit.some((row) => (row.after as { status?: unknown } | null)?.status === status || (status === "cancelled" && row.action === "order.cancel"));
  const entries: AuditEntryView[] = [
    {
      id: "created",
      when: formatDateTime(order.createdAt),
      actor: order.createdByName || SYSTEM_ACTOR,
      action: "Tilaus luotu",
      changes: [],
    },
    ...audit.map((row) => auditEntryView(row)),
  ];
  if (order.completedAt && order.status === "completed" && !logged("completed")) {
    entries.push({ id: "completed", when: formatDateTime(order.completedAt), actor: SYSTEM_ACTOR, action: "Merkitty valmiiksi", changes: [] });
  }
  if (order.cancelledAt && order.status === "cancelled" && !logged("cancelled")) {
    entries.push({ id: "cancelled", when: formatDateTime(order.cancelledAt), actor: SYSTEM_ACTOR, action: "Peruutettu", changes: [] });
  }
  return { entries };
}

export default function OrderTimelineTab() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <Section title="Aikajana" id="timeline-heading">
      <AuditHistory entries={entries} empty="Ei tapahtumia." />
    </Section>
  );
}

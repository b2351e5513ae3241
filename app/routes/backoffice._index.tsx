import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { access, menuForRole } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import type { StaffRole } from "~/db/schema";
import { formatEuros } from "~/domain/format";
import { getBackofficeSummary } from "~/models/backoffice-summary.server";

// The back-office welcome page: real figures (not the old product's static zeros), each shown
// only to the roles that may open its section, and a guide to the sections of the menu.

function may(role: StaffRole, roles: readonly StaffRole[]) {
  return roles.includes(role);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.backoffice);
  const summary = await getBackofficeSummary(await getDb());
  const cards: { label: string; value: string; detail?: string; path: string }[] = [];
  if (may(user.role, access.users)) {
    cards.push({ label: "Asiakkaat", value: String(summary.customers), path: "/backoffice/users" });
  }
  if (may(user.role, access.caregivers)) {
    cards.push({
      label: "Kaverit",
      value: String(summary.caregivers),
      detail: summary.caregiversPending ? `${summary.caregiversPending} odottaa hyväksyntää` : undefined,
      path: "/backoffice/caregivers",
    });
  }
  if (may(user.role, access.orders)) {
    cards.push({
      label: "Tilaukset",
      value: String(summary.orders),
      detail: `${summary.ordersOpen} avoinna`,
      path: "/backoffice/orders",
    });
  }
  if (may(user.role, access.payments)) {
    cards.push({
      label: "Myynti 30 päivää",
      value: formatEuros(summary.revenueLast30DaysCents),
      detail: "valmiit tilaukset",
      path: "/backoffice/payments",
    });
  }
  return {
    fullName: user.fullName,
    cards,
    sections: menuForRole(user.role).map(({ path, label, description }) => ({ path, label, description })),
  };
}

export default function BackofficeIndex() {
  const { fullName, cards, sections } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-5xl space-y-10">
      <div className="space-y-2">
        <h1 className="text-4xl font-bold text-brand-900">{fullName ? `Tervetuloa, ${fullName}!` : "Tervetuloa!"}</h1>
        <p className="text-lg text-gray-800">Tästä näet palvelun tilanteen ja pääset hoitamaan omia tehtäviäsi.</p>
      </div>

      <section aria-labelledby="summary-heading" className="space-y-4">
        <h2 id="summary-heading" className="text-2xl font-bold text-gray-900">
          Tilannekatsaus
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cards.map((card) => (
            <li key={card.label} className="rounded-lg border-2 border-brand-100 bg-white p-5">
              <Link to={card.path} className="block space-y-1 rounded-md hover:underline">
                <span className="block text-lg font-semibold text-gray-800">{card.label}</span>
                <span className="block text-3xl font-bold text-brand-900">{card.value}</span>
                {card.detail ? <span className="block text-gray-700">{card.detail}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sections-heading" className="space-y-4">
        <h2 id="sections-heading" className="text-2xl font-bold text-gray-900">
          Osiot
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <div key={section.path} className="rounded-lg border-2 border-gray-200 bg-white p-5">
              <dt>
                <Link to={section.path} className="inline-flex min-h-target items-center text-xl font-bold text-brand-800 underline underline-offset-4 hover:decoration-2">
                  {section.label}
                </Link>
              </dt>
              <dd className="text-gray-800">{section.description}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

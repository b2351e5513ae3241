import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { handleOrderChange } from "~/backoffice/order-actions.server";
import { OPEN_FILTER, loadOrderList } from "~/backoffice/orders-list.server";
import { Alert } from "~/components/alert";
import { CaregiverForm, CopyButton, StatusForm } from "~/components/backoffice/order-controls";
import {
  Cell,
  EmptyState,
  FilterField,
  PageHeading,
  Pager,
  ResponsiveTable,
  Row,
  StatCards,
  controlClass,
  inlineLinkClass,
} from "~/components/backoffice/ui";
import { SubmitButton } from "~/components/button";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { getDb } from "~/db.server";
import { ORDER_STATUSES } from "~/domain/order-status";
import { countText, listTexts, orderTexts } from "~/messages/backoffice";
import { ORDER_STATUS_LABELS } from "~/messages/statuses";

// All orders (spec 001 §2 /backoffice/orders; issue 14): newest first, filters in the address,
// a search over order number, customer and helper names, stats, and on every row the helper and
// status changes as plain POST forms. Admin, moderator and support; cancelling is admin-only.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.orders);
  return loadOrderList(await getDb(), new URL(request.url), user.role, new Date());
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleOrderChange(request, context, "/backoffice/orders");
}

export const meta: MetaFunction = () => [{ title: "Tilaukset – Hallintapaneeli – Arkikaveri" }];

export default function OrdersPage() {
  const data = useLoaderData<typeof loader>();
  const number = (value: { value: number; kind: string }) =>
    `${value.kind === "atLeast" ? "yli " : ""}${new Intl.NumberFormat("fi-FI").format(value.value)}`;
  return (
    <div className="max-w-7xl space-y-6">
      <PageHeading title="Tilaukset">
        <p>Kaikki tilaukset. Voit vaihtaa tilauksen tilan ja kaverin suoraan listalta.</p>
      </PageHeading>

      <StatCards
        label="Tilausten tilanne"
        cards={[
          { label: "Avoimet", value: number(data.stats.open), detail: "odottaa tai odottaa maksua", to: `?tila=${OPEN_FILTER}` },
          { label: "Tilattu tänään", value: number(data.stats.today) },
          { label: "Ilman kaveria", value: number(data.stats.unassigned), detail: "avoimet tilaukset", to: "?kaveri=ei" },
        ]}
      />

      <Form
        method="get"
        role="search"
        aria-label="Suodata tilauksia"
        className="grid gap-4 rounded-lg border-2 border-gray-200 bg-white p-4 md:grid-cols-2 xl:grid-cols-4"
      >
        <FilterField id="order-search" label="Hae tilausnumerolla tai nimellä" className="md:col-span-2">
          <input id="order-search" type="search" name="haku" defaultValue={data.form.search} className={controlClass} />
        </FilterField>
        <FilterField id="order-status" label="Tila">
          <select id="order-status" name="tila" defaultValue={data.form.status} className={controlClass}>
            <option value="">Kaikki</option>
            <option value={OPEN_FILTER}>Avoimet (odottaa ja odottaa maksua)</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </FilterField>
        <div className="flex items-end">
          <div className="flex min-h-target items-center gap-3">
            <input
              id="order-unassigned"
              type="checkbox"
              name="kaveri"
              value="ei"
              defaultChecked={data.form.unassigned}
              className="h-7 w-7 cursor-pointer rounded border-2 border-gray-700 accent-brand-700"
            />
            <label htmlFor="order-unassigned" className="cursor-pointer font-semibold">
              Vain ilman kaveria
            </label>
          </div>
        </div>
        <FilterField id="order-from" label="Käynti alkaen">
          <input id="order-from" type="date" name="alkaen" defaultValue={data.form.from} className={controlClass} />
        </FilterField>
        <FilterField id="order-to" label="Käynti asti">
          <input id="order-to" type="date" name="asti" defaultValue={data.form.to} className={controlClass} />
        </FilterField>
        <div className="flex flex-wrap items-end gap-3 md:col-span-2">
          <SubmitButton busyLabel="Haetaan..." formMethod="get">
            Hae
          </SubmitButton>
          {data.filtered ? (
            <Link to="/backoffice/orders" className={inlineLinkClass}>
              {listTexts.clearFilters}
            </Link>
          ) : null}
        </div>
      </Form>

      {data.notices.map((notice) => (
        <Alert key={notice} type="warning">
          {notice}
        </Alert>
      ))}

      <div aria-live="polite" className="space-y-1">
        <p className="font-semibold">{countText(data.count, "tilaus", "tilausta")}</p>
        <p className="text-gray-700">
          {data.sort === "visit" ? "Järjestys: käynnin aika, myöhäisin ensin." : "Järjestys: uusimmat tilaukset ensin."}
        </p>
      </div>

      {data.rows.length === 0 ? (
        <EmptyState>{data.filtered ? orderTexts.noMatches : orderTexts.empty}</EmptyState>
      ) : (
        <ResponsiveTable
          caption="Tilaukset"
          headers={["Tilausnumero", "Palvelu", "Asiakas", "Kaveri", "Aika", "Kaupunki", "Hinta", "Tila", "Toiminnot"]}
        >
          {data.rows.map((row) => (
            <Row key={row.id}>
              <Cell label="Tilausnumero">
                <span id={`tilaus-${row.orderNumber}`} className="block select-all font-semibold">
                  {row.orderNumber}
                </span>
                <CopyButton text={row.orderNumber} label={`Kopioi tilausnumero ${row.orderNumber}`} />
              </Cell>
              <Cell label="Palvelu">{row.serviceName}</Cell>
              <Cell label="Asiakas">{row.customerName}</Cell>
              <Cell label="Kaveri">
                {row.canAssign ? (
                  <CaregiverForm
                    orderId={row.id}
                    orderNumber={row.orderNumber}
                    returnTo={data.returnTo}
                    caregiverId={row.caregiverId}
                    options={row.caregiverOptions}
                    emptyNote={row.noFreeCaregivers}
                  />
                ) : (
                  row.caregiverName
                )}
              </Cell>
              <Cell label="Aika">{row.when}</Cell>
              <Cell label="Kaupunki">{row.city}</Cell>
              <Cell label="Hinta" className="md:whitespace-nowrap">
                {row.price}
              </Cell>
              <Cell label="Tila">
                <div className="space-y-2">
                  <OrderStatusBadge status={row.status} />
                  <StatusForm
                    orderId={row.id}
                    orderNumber={row.orderNumber}
                    returnTo={data.returnTo}
                    status={row.status}
                    options={row.statusOptions}
                  />
                </div>
              </Cell>
              <Cell label="Toiminnot">
                <div className="flex flex-col items-start gap-1">
                  <Link to={row.href} className={inlineLinkClass}>
                    Näytä tiedot<span className="sr-only">: tilaus {row.orderNumber}</span>
                  </Link>
                  {row.canCancel ? (
                    <Link to={row.cancelHref} className={`${inlineLinkClass} text-red-800`}>
                      Peru tilaus<span className="sr-only"> {row.orderNumber}</span>
                    </Link>
                  ) : null}
                </div>
              </Cell>
            </Row>
          ))}
        </ResponsiveTable>
      )}

      <Pager previous={data.previous} next={data.next} first={data.first} label="Tilauslistan sivut" />
    </div>
  );
}

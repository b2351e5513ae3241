import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { handleOrderChange } from "~/backoffice/order-actions.server";
import { loadOrderList } from "~/backoffice/orders-list.server";
import { now } from "~/services/clock.server";
import { OPEN_FILTER } from "~/domain/order-status";
import { CaregiverForm, CopyButton, StatusForm } from "~/components/backoffice/order-controls";
import { Cell, DateRangeFilter, EmptyState, FilterForm, FilterNotices, PageHeading, Pager, ResponsiveTable, Row, SearchFilter, SelectFilter, StatCards, inlineLinkClass } from "~/components/backoffice/ui";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { getDb } from "~/db.server";
import { ORDER_STATUSES } from "~/domain/order-status";
import { countText, orderTexts } from "~/messages/backoffice";
import { ORDER_STATUS_LABELS } from "~/messages/statuses";

// All orders (spec 001 §2 /backoffice/orders; issue 14): newest first, filters in the address,
// a search over order number, customer and helper names, stats, and on every row the helper and
// status changes as plain POST forms. Admin, moderator and support; cancelling is admin-only.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.orders);
  return loadOrderList(await getDb(), new URL(request.url), user.role, now());
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

      <FilterForm label="Suodata tilauksia" clearHref="/backoffice/orders" filtered={data.filtered} className="md:grid-cols-2 xl:grid-cols-4" actionsClassName="flex flex-wrap items-end gap-3 md:col-span-2">
        <SearchFilter id="order-search" label="Hae tilausnumerolla tai nimellä" defaultValue={data.form.search} className="md:col-span-2" />
        <SelectFilter
          id="order-status"
          label="Tila"
          name="tila"
          defaultValue={data.form.status}
          options={[
            { value: OPEN_FILTER, label: "Avoimet (odottaa ja odottaa maksua)" },
            ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
          ]}
        />
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
        <DateRangeFilter idPrefix="order" fromLabel="Käynti alkaen" toLabel="Käynti asti" from={data.form.from} to={data.form.to} />
      </FilterForm>

      <FilterNotices notices={data.notices} />

      <div aria-live="polite" className="space-y-1">
        <p className="font-semibold">{countText(data.count, "tilaus", "tilausta")}</p>
        <p className="text-gray-700">
          {data.sort === "visit" ? "Järjestys: käynnin aika, myöhäisin ensin." : "Järjestys: uusimmat tilaukset ensin."}
        </p>
      </div>

      {data.rows.length === 0 ? (
        <EmptyState>{data.filtered ? orderTexts.noMatches : orderTexts.empty}</EmptyState>
      ) : (
        <ResponsiveTable caption="Tilaukset" headers={["Tilaus ja hinta", "Asiakas", "Käynti", "Kaveri", "Tila", "Toiminnot"]} compact>
          {data.rows.map((row) => (
            <Row key={row.id}>
              <Cell label="Tilaus ja hinta">
                <span id={`tilaus-${row.orderNumber}`} className="block select-all whitespace-nowrap font-semibold">
                  {row.orderNumber}
                </span>
                <span className="block">{row.serviceName}</span>
                <span className="block whitespace-nowrap">{row.price}</span>
                <CopyButton text={row.orderNumber} label={`Kopioi tilausnumero ${row.orderNumber}`} />
              </Cell>
              <Cell label="Asiakas">{row.customerName}</Cell>
              <Cell label="Käynti">
                <span className="block">{row.day}</span>
                <span className="block whitespace-nowrap">{row.hours}</span>
                <span className="block">{row.city}</span>
              </Cell>
              <Cell label="Kaveri">
                {row.canAssign ? (
                  <CaregiverForm
                    orderId={row.id}
                    orderNumber={row.orderNumber}
                    returnTo={data.returnTo}
                    caregiverId={row.caregiverId}
                    options={row.caregiverOptions}
                    emptyNote={row.noFreeCaregivers}
                    stacked
                  />
                ) : (
                  row.caregiverName
                )}
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
                    stacked
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

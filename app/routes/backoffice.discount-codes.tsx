import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { backofficeReturnPath, badForm, requireStaffActor } from "~/backoffice/staff.server";
import { DiscountStatusBadge } from "~/components/backoffice/status-badges";
import { Cell, EmptyState, FilterForm, PageHeading, ResponsiveTable, Row, SearchFilter, Section, StatCards, inlineLinkClass } from "~/components/backoffice/ui";
import { SubmitButton } from "~/components/button";
import { CheckboxField, ErrorSummary, FormError, SelectField, TextField } from "~/components/forms";
import { getDb } from "~/db.server";
import { addCalendarDays, helsinkiToday } from "~/domain/booking-window";
import { discountDisplayStatus } from "~/domain/discount";
import { formatAmount, formatDate, formatEuros } from "~/domain/format";
import { normalizeSearch } from "~/domain/list-query";
import { isUuid } from "~/domain/uuid";
import { discountCodeMessages as m } from "~/messages/discount-codes";
import { findDiscountCodeById, getDiscountCodeStats, listDiscountCodes } from "~/models/backoffice-discount-codes.server";
import { DiscountCodeCreateSchema } from "~/schemas/discount-codes";
import { createDiscountCode, removeDiscountCode, toggleDiscountCode } from "~/services/discount-codes-admin.server";
import { redirectWithToast } from "~/services/flash.server";
import { now as clockNow } from "~/services/clock.server";

// Discount codes for admins (spec 001 §2, §4, §5, §8; issue 14): the figures, a search, the
// table with each code's status, switching a code on and off, deleting with a confirmation (a
// used code is switched off instead, and the page says so), and creating a code with every rule
// and message of 001 §5. Plain forms; the confirmation is a page state (?poista=id), not a dialog.

const TYPE_OPTIONS = [
  { value: "percentage", label: "Prosentti" },
  { value: "fixed_amount", label: "Euromäärä" },
];

const percent = (bp: number) => `${formatAmount(bp).replace(/,00$/, "")} %`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, access.discountCodes);
  const db = await getDb();
  const params = new URL(request.url).searchParams;
  const today = helsinkiToday(clockNow());
  const search = normalizeSearch(params.get("haku"));
  const [codes, stats] = await Promise.all([listDiscountCodes(db, search), getDiscountCodeStats(db, today)]);
  const toDelete = isUuid(params.get("poista")) ? await findDiscountCodeById(db, params.get("poista")!) : null;
  const here = `/backoffice/discount-codes${search ? `?${new URLSearchParams({ haku: search })}` : ""}`;
  return {
    search: search ?? "",
    here,
    today,
    defaultUntil: addCalendarDays(today, 30),
    cards: [
      { label: "Koodeja", value: String(stats.total) },
      { label: "Aktiivisia", value: String(stats.active) },
      { label: "Käyttökertoja", value: String(stats.uses) },
      { label: "Vanhentuneita", value: String(stats.expired) },
    ],
    toDelete: toDelete ? { id: toDelete.id, code: toDelete.code, used: toDelete.usageCount > 0 } : null,
    codes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      type: code.type === "percentage" ? "Prosentti" : "Euromäärä",
      value:
        code.type === "percentage"
          ? `${percent(code.percentBp ?? 0)}${code.maxDiscountCents ? `, enintään ${formatEuros(code.maxDiscountCents)}` : ""}`
          : formatEuros(code.amountCents ?? 0),
      minOrder: code.minOrderCents ? `vähintään ${formatEuros(code.minOrderCents)}` : null,
      validity: `${formatDate(code.validFrom)}–${formatDate(code.validUntil)}`,
      usage: `${code.usageCount}${code.usageLimit !== null ? ` / ${code.usageLimit}` : ""}${code.perUserLimit !== null ? ` (enintään ${code.perUserLimit} / asiakas)` : ""}`,
      status: discountDisplayStatus(code, today),
      isActive: code.isActive,
      deleteHref: `/backoffice/discount-codes?${new URLSearchParams({ ...(search ? { haku: search } : {}), poista: code.id })}#poisto`,
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Alennuskoodit – Hallintapaneeli – Arkikaveri" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.discountCodes);
  const db = await getDb();
  const formData = await request.formData();
  const back = backofficeReturnPath(formData.get("returnTo"), "/backoffice/discount-codes");
  const id = formData.get("id");
  switch (formData.get("intent")) {
    case "create": {
      const submission = parseWithZod(formData, { schema: DiscountCodeCreateSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const created = await createDiscountCode(db, actor, submission.value);
      if (!created.ok) return data(submission.reply({ fieldErrors: { code: [m.codeTaken] } }), { status: 409 });
      return redirectWithToast(request, "/backoffice/discount-codes", { type: "success", title: m.created, description: submission.value.code });
    }
    case "toggle": {
      if (!isUuid(id)) throw badForm();
      const ok = await toggleDiscountCode(db, actor, id, formData.get("isActive") === "true");
      return redirectWithToast(request, back, ok ? { type: "success", title: m.toggled } : { type: "error", title: m.deleteFailed });
    }
    case "delete": {
      if (!isUuid(id)) throw badForm();
      const outcome = await removeDiscountCode(db, actor, id);
      if (outcome === "not_found") return redirectWithToast(request, back, { type: "error", title: m.deleteFailed });
      return redirectWithToast(request, back, outcome === "deleted" ? { type: "success", title: m.deleted } : { type: "info", title: m.toggled, description: m.deactivatedInstead });
    }
    default:
      throw badForm();
  }
}

function CreateForm({ today, defaultUntil }: { today: string; defaultUntil: string }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "uusi-alennuskoodi",
    lastResult,
    defaultValue: { type: "percentage", value: "10", validFrom: today, validUntil: defaultUntil, isActive: "on" },
    constraint: getZodConstraint(DiscountCodeCreateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DiscountCodeCreateSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <ErrorSummary form={form} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.code} label="Koodi" hint="3–20 merkkiä, isot kirjaimet A–Z ja numerot." autoComplete="off" inputProps={{ autoCapitalize: "characters", spellCheck: false }} />
        <SelectField meta={fields.type} label="Tyyppi" options={TYPE_OPTIONS} />
        <TextField meta={fields.value} label="Arvo (prosenttia tai euroa)" inputMode="decimal" autoComplete="off" />
        <TextField meta={fields.maxDiscount} label="Suurin alennus (€, vain prosenttikoodille, vapaaehtoinen)" inputMode="decimal" autoComplete="off" />
        <TextField meta={fields.minOrder} label="Tilauksen vähimmäissumma (€, vapaaehtoinen)" inputMode="decimal" autoComplete="off" />
        <TextField meta={fields.usageLimit} label="Käyttökertoja yhteensä (vapaaehtoinen)" inputMode="numeric" autoComplete="off" />
        <TextField meta={fields.perUserLimit} label="Käyttökertoja asiakasta kohden (vapaaehtoinen)" inputMode="numeric" autoComplete="off" />
        <div className="hidden sm:block" />
        <TextField meta={fields.validFrom} label="Voimassa alkaen" type="date" />
        <TextField meta={fields.validUntil} label="Voimassa asti" type="date" />
      </div>
      <CheckboxField meta={fields.isActive} label="Aktiivinen heti" />
      <SubmitButton name="intent" value="create" busyLabel="Luodaan…">
        Luo alennuskoodi
      </SubmitButton>
    </Form>
  );
}

export default function DiscountCodesPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="max-w-6xl space-y-8">
      <PageHeading title="Alennuskoodit" />
      <StatCards label="Alennuskoodien luvut" cards={data.cards} />

      {data.toDelete ? (
        <section id="poisto" aria-labelledby="poisto-otsikko" className="space-y-3 rounded-lg border-2 border-red-200 bg-white p-4">
          <h2 id="poisto-otsikko" className="text-2xl font-bold">
            Poistetaanko koodi {data.toDelete.code}?
          </h2>
          <p>{data.toDelete.used ? "Koodia on jo käytetty, joten sitä ei voi poistaa: se poistetaan käytöstä." : "Poistoa ei voi perua."}</p>
          <Form method="post" className="flex flex-wrap items-center gap-4">
            <input type="hidden" name="id" value={data.toDelete.id} />
            <input type="hidden" name="returnTo" value={data.here} />
            <SubmitButton name="intent" value="delete" variant="danger" busyLabel="Poistetaan…">
              {data.toDelete.used ? "Poista käytöstä" : "Poista koodi"}
            </SubmitButton>
            <Link to={data.here} className={inlineLinkClass}>
              Peruuta
            </Link>
          </Form>
        </section>
      ) : null}

      <FilterForm label="Alennuskoodien haku" clearHref="/backoffice/discount-codes" filtered={Boolean(data.search)} className="sm:grid-cols-3">
        <SearchFilter id="koodi-haku" label="Hae koodia" defaultValue={data.search} className="sm:col-span-2" />
      </FilterForm>

      <Section title="Koodit" id="codes-heading">
        {data.codes.length === 0 ? (
          <EmptyState>{data.search ? "Ei hakutuloksia." : "Ei alennuskoodeja vielä."}</EmptyState>
        ) : (
          <ResponsiveTable caption="Alennuskoodit" headers={["Koodi", "Arvo", "Voimassa", "Käytetty", "Tila", "Toiminnot"]}>
            {data.codes.map((code) => (
              <Row key={code.id}>
                <Cell label="Koodi">
                  <span className="font-mono font-semibold">{code.code}</span>
                </Cell>
                <Cell label="Arvo">
                  {code.type}: {code.value}
                  {code.minOrder ? <span className="block text-gray-700">{code.minOrder}</span> : null}
                </Cell>
                <Cell label="Voimassa">{code.validity}</Cell>
                <Cell label="Käytetty">{code.usage}</Cell>
                <Cell label="Tila">
                  <DiscountStatusBadge status={code.status} />
                </Cell>
                <Cell label="Toiminnot">
                  <div className="flex flex-wrap items-center gap-3">
                    <Form method="post">
                      <input type="hidden" name="id" value={code.id} />
                      <input type="hidden" name="isActive" value={code.isActive ? "false" : "true"} />
                      <input type="hidden" name="returnTo" value={data.here} />
                      <SubmitButton name="intent" value="toggle" variant="secondary" busyLabel="Tallennetaan…">
                        <span>
                          {code.isActive ? "Poista käytöstä" : "Ota käyttöön"}
                          <span className="sr-only"> {code.code}</span>
                        </span>
                      </SubmitButton>
                    </Form>
                    <Link to={code.deleteHref} className={inlineLinkClass}>
                      Poista<span className="sr-only"> {code.code}</span>
                    </Link>
                  </div>
                </Cell>
              </Row>
            ))}
          </ResponsiveTable>
        )}
      </Section>

      <Section title="Uusi alennuskoodi" id="create-heading">
        <CreateForm today={data.today} defaultUntil={data.defaultUntil} />
      </Section>
    </div>
  );
}

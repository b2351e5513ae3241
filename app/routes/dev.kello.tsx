import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { formatDateTime } from "~/domain/format";
import { getDb } from "~/db.server";
import { isTestClockAvailable, isTestClockMoved, now, setTestClock } from "~/services/clock.server";
import { runRecurringJobsSoon } from "~/services/worker.server";

// The test clock's dev-only control (decision 0018): e2e tests move the server's clock here to
// act at a visit's time ("Aloita tehtävä" opens 30 minutes before the start). Never in production:
// there the page answers 404, as if it did not exist, like /dev/sahkopostit.

function requireTestClock() {
  if (!isTestClockAvailable()) throw new Response(null, { status: 404 });
}

export async function loader(_args: LoaderFunctionArgs) {
  requireTestClock();
  return { now: formatDateTime(now()), iso: now().toISOString(), moved: isTestClockMoved() };
}

export async function action({ request }: ActionFunctionArgs) {
  requireTestClock();
  const form = await request.formData();
  const value = form.get("aika");
  if (form.get("palauta") === "1") {
    setTestClock(null);
  } else {
    const at = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(at.getTime())) throw new Response("Anna aika ISO-muodossa, esimerkiksi 2027-03-02T08:00:00Z.", { status: 400 });
    setTestClock(at);
  }
  await runRecurringJobsSoon(await getDb());
  return redirect("/dev/kello");
}

export const meta: MetaFunction = () => [{ title: "Kello (kehitys) – Arkikaveri" }];

export default function DevClock() {
  const { now: shown, iso, moved } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-800">Kello (kehitys)</h1>
      <p>
        Palvelimen aika on nyt <strong>{shown}</strong>
        {moved ? " (siirretty)" : " (oikea aika)"}.
      </p>
      <Form method="post" className="space-y-3">
        <label htmlFor="aika" className="block font-semibold">
          Uusi aika (ISO, esimerkiksi 2027-03-02T08:00:00Z)
        </label>
        <input id="aika" name="aika" defaultValue={iso} className="min-h-target w-full rounded-md border-2 border-gray-700 px-3" />
        <SubmitButton busyLabel="Siirretään…">Siirrä kello</SubmitButton>
      </Form>
      <Form method="post">
        <input type="hidden" name="palauta" value="1" />
        <SubmitButton variant="secondary" busyLabel="Palautetaan…">
          Palauta oikea aika
        </SubmitButton>
      </Form>
    </main>
  );
}

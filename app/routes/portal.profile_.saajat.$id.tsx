import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireCustomer } from "~/auth/guards.server";
import { UUID } from "~/booking/draft";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, TextField } from "~/components/forms";
import { linkClass } from "~/components/layout";
import { serverFormProps, useServerForm } from "~/components/server-form";
import { getDb } from "~/db.server";
import { deleteSavedRecipient, findSavedRecipient, updateSavedRecipient } from "~/models/saved-recipients.server";
import { recipientFields, repeatedRecipientMissing } from "~/schemas/booking";
import { z } from "~/schemas/zod";

// /portal/profile/saajat/:id: one of the customer's "Aiemmat saajat" (issue 26 item 1), changed
// with the booking's own recipient rules, or removed. Only the owner's rows are found: anyone
// else's id is a 404, as is a row already removed.

const RecipientSchema = z.object(recipientFields);

async function ownRecipient(request: Request, id: string | undefined) {
  const user = await requireCustomer(request);
  const db = await getDb();
  const recipient = id && UUID.test(id) ? await findSavedRecipient(db, user.id, id) : null;
  if (!recipient) throw new Response("Saajaa ei löytynyt.", { status: 404 });
  return { user, db, recipient };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { recipient } = await ownRecipient(request, params.id);
  return { recipient };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, db, recipient } = await ownRecipient(request, params.id);
  const formData = await request.formData();
  if (formData.get("intent") === "remove") {
    await deleteSavedRecipient(db, user.id, recipient.id);
    throw redirect("/portal/profile#aiemmat-saajat");
  }
  if (formData.get("intent") !== "save") throw new Response("Tuntematon toiminto.", { status: 400 });
  const submission = parseWithZod(formData, { schema: RecipientSchema });
  if (submission.status !== "success") {
    if (submission.error) for (const name of repeatedRecipientMissing(submission.error)) delete submission.error[name];
    return data({ result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  try {
    await updateSavedRecipient(db, user.id, recipient.id, {
      firstName: value.recipientFirstName,
      lastName: value.recipientLastName,
      phone: value.recipientPhone,
      address: value.recipientAddress,
      postalCode: value.recipientPostalCode,
      city: value.recipientCity,
    });
  } catch (error) {
    // The unique key: the same person at the same address is saved already.
    if ((error as { code?: string }).code === "23505") {
      return data({ result: submission.reply({ formErrors: ["Sama saaja samassa osoitteessa on jo tallessa."] }) }, { status: 409 });
    }
    throw error;
  }
  throw redirect("/portal/profile#aiemmat-saajat");
}

export const meta: MetaFunction = () => [{ title: "Saajan tiedot – Profiili – Arkikaveri" }];

export default function SavedRecipientPage() {
  const { recipient } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useServerForm({
    id: "saaja",
    lastResult: actionData?.result,
    defaultValue: {
      recipientFirstName: recipient.firstName,
      recipientLastName: recipient.lastName,
      recipientPhone: recipient.phone,
      recipientAddress: recipient.address,
      recipientPostalCode: recipient.postalCode,
      recipientCity: recipient.city,
    },
  });
  return (
    <div className="max-w-3xl space-y-8">
      <p>
        <Link to="/portal/profile#aiemmat-saajat" className={`${linkClass} inline-flex min-h-target items-center`}>
          Takaisin profiiliin
        </Link>
      </p>
      <h1 className="text-4xl font-bold text-brand-900">Saajan tiedot</h1>
      <p>Muutokset näkyvät seuraavissa varauksissa. Jo tehdyt varaukset pitävät osoitteen, jolla ne tehtiin.</p>
      <Form method="post" {...serverFormProps(form)} className="space-y-5">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title="Tietoja ei tallennettu" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField meta={fields.recipientFirstName} label="Saajan etunimi" autoComplete="off" />
          <TextField meta={fields.recipientLastName} label="Saajan sukunimi" autoComplete="off" />
          <TextField meta={fields.recipientPhone} label="Saajan puhelinnumero" type="tel" inputMode="tel" autoComplete="off" className="sm:col-span-2" />
          <TextField meta={fields.recipientAddress} label="Saajan katuosoite" autoComplete="off" className="sm:col-span-2" />
          <TextField meta={fields.recipientPostalCode} label="Saajan postinumero" inputMode="numeric" autoComplete="off" />
          <TextField meta={fields.recipientCity} label="Saajan kaupunki" autoComplete="off" />
        </div>
        <SubmitButton name="intent" value="save" busyLabel="Tallennetaan…">
          Tallenna saajan tiedot
        </SubmitButton>
      </Form>
      <Form method="post" className="border-t-2 border-gray-200 pt-6">
        <p className="mb-3">Poistettu saaja ei enää näy varauksessa kohdassa Aiemmat saajat.</p>
        <SubmitButton name="intent" value="remove" variant="secondary" busyLabel="Poistetaan…">
          Poista saaja {recipient.firstName} {recipient.lastName}
        </SubmitButton>
      </Form>
    </div>
  );
}

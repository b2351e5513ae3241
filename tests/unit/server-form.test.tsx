import type { SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField, ErrorSummary, FormError, RadioCards, SelectField, TextareaField, TextField } from "~/components/forms";
import { CheckboxGroup } from "~/components/caregiver-fields";
import { serverFormProps, useServerForm, type ServerFormOptions } from "~/components/server-form";

// What a page without JavaScript shows of a form the server validates (decision 0017): the
// server's reply, or the form's defaults, rendered by the field kit.

type Fields = { name: string; email: string; city: string; terms: boolean; services: string[]; contact: string; note: string };

function Page(options: ServerFormOptions<Fields>) {
  const [form, fields] = useServerForm<Fields>(options);
  return (
    <form {...serverFormProps(form)}>
      <ErrorSummary form={form} />
      <FormError errors={form.errors} />
      <TextField meta={fields.name} label="Nimi" />
      <TextField meta={fields.email} label="Sähköposti" type="email" />
      <SelectField meta={fields.city} label="Kaupunki" options={[{ value: "Espoo", label: "Espoo" }, { value: "Turku", label: "Turku" }]} />
      <CheckboxField meta={fields.terms} label="Hyväksyn" />
      <CheckboxGroup meta={fields.services} legend="Palvelut" options={[{ value: "a", label: "A" }, { value: "b", label: "B" }]} />
      <RadioCards meta={fields.contact} legend="Yhteys" options={[{ value: "phone", label: "Puhelin" }, { value: "mail", label: "Posti" }]} />
      <TextareaField meta={fields.note} label="Viesti" />
    </form>
  );
}

/** The page's HTML as the server sends it, and the opening tag of the element with an id. */
function render(options: ServerFormOptions<Fields>) {
  const html = renderToStaticMarkup(<Page {...options} />);
  const tag = (id: string) => html.match(new RegExp(`<[a-z]+ [^>]*\\bid="${id}"[^>]*>`))?.[0] ?? null;
  return { html, tag };
}

describe("useServerForm with the field kit", () => {
  it("starts from the defaults, as the form would send them", () => {
    const page = render({
      id: "f",
      defaultValue: { name: "Aino", city: "Turku", terms: true, services: ["b"], contact: "mail" },
      constraint: { name: { required: true, maxLength: 80 } },
    });
    expect(page.tag("f")).toContain("novalidate");
    expect(page.tag("f-name")).toMatch(/name="name"/);
    expect(page.tag("f-name")).toMatch(/form="f"/);
    expect(page.tag("f-name")).toMatch(/value="Aino"/);
    expect(page.tag("f-name")).toMatch(/required/);
    expect(page.tag("f-name")).toMatch(/maxLength="80"|maxlength="80"/);
    expect(page.tag("f-terms")).toMatch(/checked/);
    expect(page.tag("f-services")).not.toMatch(/checked/);
    expect(page.tag("f-services-b")).toMatch(/checked/);
    expect(page.tag("f-contact")).not.toMatch(/checked/);
    expect(page.tag("f-contact-1")).toMatch(/checked/);
    expect(page.html).toMatch(/<option value="Turku" selected/);
    expect(page.html).not.toContain("aria-invalid");
  });

  it("shows the reply's values and errors instead, linked from the summary", () => {
    const lastResult: SubmissionResult<string[]> = {
      status: "error",
      initialValue: { name: "", email: "aino@", services: ["a", "b"], note: "Hei" },
      error: { "": ["Lomaketta ei voitu lähettää"], email: ["Tarkista sähköpostiosoite", "Toinen"], name: ["Kirjoita nimi"], city: null },
    };
    const page = render({ id: "f", lastResult, defaultValue: { name: "Aino", terms: true } });
    expect(page.tag("f-name")).not.toMatch(/value="Aino"/);
    expect(page.tag("f-email")).toMatch(/value="aino@"/);
    expect(page.tag("f-email")).toMatch(/aria-invalid="true"/);
    expect(page.tag("f-email")).toMatch(/aria-describedby="f-email-error"/);
    expect(page.html).toContain('href="#f-email"');
    expect(page.html).toContain('href="#f-name"');
    expect(page.html).not.toContain('href="#f-city"');
    expect(page.html).toContain("Tarkista sähköpostiosoite");
    expect(page.html).not.toContain("Toinen");
    expect(page.html).toContain("Lomaketta ei voitu lähettää");
    // The reply is what was sent: an unticked box stays unticked, whatever the default.
    expect(page.tag("f-terms")).not.toMatch(/checked/);
    expect(page.tag("f-services")).toMatch(/checked/);
    expect(page.tag("f-services-b")).toMatch(/checked/);
    expect(page.html).toMatch(/<textarea[^>]*id="f-note"[^>]*>Hei<\/textarea>/);
  });
});

import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { dataExportMessages as m } from "~/messages/data-export";
import { Section } from "./ui";

/** "Henkilötietojen vienti" on a customer's or helper's page (issue 29 item 2): one POST button. */
export function DataExportSection() {
  return (
    <Section title={m.staffHeading} id="data-export-heading">
      <p>{m.staffIntro}</p>
      <Form method="post">
        <SubmitButton name="intent" value="data-export" busyLabel={m.busy}>
          {m.staffSubmit}
        </SubmitButton>
      </Form>
    </Section>
  );
}

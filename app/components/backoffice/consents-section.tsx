import type { ConsentLogEntry } from "~/backoffice/consents-view";
import { consentStaffMessages as m } from "~/messages/consents";
import { Cell, ResponsiveTable, Row, Section } from "./ui";

/** "Suostumukset" on a customer's or helper's page (issue 29 item 4): the log, read-only. */
export function ConsentsSection({ entries }: { entries: ConsentLogEntry[] }) {
  return (
    <Section title={m.heading} id="consents-heading">
      <p>{m.intro}</p>
      {entries.length === 0 ? (
        <p>{m.empty}</p>
      ) : (
        <ResponsiveTable caption={m.caption} headers={["Aika", "Suostumus", "Tila", "Miten", "Tekstin versio"]}>
          {entries.map((entry) => (
            <Row key={entry.id} highlight={entry.inForce}>
              <Cell label="Aika">{entry.when}</Cell>
              <Cell label="Suostumus">{entry.purpose}</Cell>
              <Cell label="Tila">
                {entry.state}
                {entry.inForce ? <span className="block text-gray-700">Voimassa</span> : null}
              </Cell>
              <Cell label="Miten">{entry.method}</Cell>
              <Cell label="Tekstin versio">{entry.version}</Cell>
            </Row>
          ))}
        </ResponsiveTable>
      )}
    </Section>
  );
}

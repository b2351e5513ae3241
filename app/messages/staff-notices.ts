// What staff read on "Vaatii huomiota" and in the support address's e-mails (issue 26 items 5
// and 6). The service (app/services/staff-notices.server.ts) decides when; the words are here.

import type { EmailContent } from "../domain/email-content";
import type { StaffNoticeKind } from "../domain/statuses";

export const STAFF_NOTICE_TITLES: Record<StaffNoticeKind, string> = {
  customer_message: "Viesti tilauksesta ilman kaveria",
  caregiver_rejection: "Varaus hylätty",
  contact_request: "Yhteydenottopyyntö",
  series_charge_failed: "Toistuvan käynnin veloitus epäonnistui",
};

export const staffNoticeTexts = {
  groupTitle: "Asiakkaat ja kaverit odottavat vastausta",
  empty: "Ei uusia viestejä, hylkäyksiä eikä yhteydenottopyyntöjä.",
  markHandled: "Merkitse hoidetuksi",
  handled: "Merkitty hoidetuksi",
  alreadyHandled: "Tämä oli jo hoidettu.",
  /** The menu's count, read by screen readers after the link's name. */
  menuCount: (count: number) => `${count} ${count === 1 ? "asia vaatii" : "asiaa vaatii"} huomiota`,
} as const;

/** A message excerpt short enough for a list line. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

export function customerMessageSummary(o: { orderNumber: string; customerName: string; text: string }): string {
  return `${o.customerName || "Asiakas"} kirjoitti tilauksesta ${o.orderNumber}, jolla ei ole vielä kaveria: ”${excerpt(o.text)}”`;
}

export function caregiverRejectionSummary(o: { orderNumber: string; caregiverName: string; serviceName: string; when: string }): string {
  return `${o.caregiverName} hylkäsi tilauksen ${o.orderNumber} (${o.serviceName}, ${o.when}). Etsi tilalle toinen kaveri.`;
}

export function contactRequestSummary(o: { fullName: string; phone: string; serviceName: string; city: string; when: string | null }): string {
  const what = [o.serviceName, o.city, o.when].filter(Boolean).join(", ");
  return `${o.fullName} pyytää yhteydenottoa: ${what}. Soita numeroon ${o.phone}.`;
}

/** The e-mail to the support address (at most one an hour per thread). */
export function staffNoticeEmail(kind: StaffNoticeKind, summary: string, url: string): { subject: string; content: EmailContent } {
  return {
    subject: `${STAFF_NOTICE_TITLES[kind]} – Arkikaveri`,
    content: {
      heading: STAFF_NOTICE_TITLES[kind],
      paragraphs: [summary],
      button: { label: "Avaa hallintapaneelissa", url },
      afterButton: ["Kerromme samasta tilauksesta sähköpostilla enintään kerran tunnissa. Kaikki avoimet asiat ovat hallintapaneelin etusivulla kohdassa Vaatii huomiota."],
    },
  };
}

import { formatEuros } from "~/domain/format";
import type { AuditAction } from "~/domain/audit-actions";
import type { CaregiverReviewAction, VerificationFlag } from "~/domain/caregiver-review";
import type { ListCount } from "~/domain/list-query";
import { CAREGIVER_STATUS_LABELS, CUSTOMER_STATUS_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "~/messages/statuses";

// Texts of the back office (spec 001 §2, §8 verbatim where given). Services and models report
// codes; these maps turn them into what staff read.

/** The plain answer of a missing back-office page (app/backoffice/staff.server.ts). */
export const PAGE_NOT_FOUND = "Sivua ei löytynyt.";

// ---------------------------------------------------------------- lists

export const listTexts = {
  searchTooShort: "Kirjoita hakuun vähintään 3 merkkiä.",
  invalidDate: "Kirjoita päivämäärä muodossa p.k.vvvv.",
  dateRangeReversed: "Alkupäivä ei voi olla loppupäivän jälkeen.",
  previousPage: "Edellinen sivu",
  nextPage: "Seuraava sivu",
  firstPage: "Ensimmäinen sivu",
  clearFilters: "Tyhjennä suodattimet",
} as const;

/** '12 tilausta', 'yli 10 000 tilausta', 'noin 4 400 tilausta (arvio)'. */
export function countText(count: ListCount, one: string, many: string): string {
  const number = new Intl.NumberFormat("fi-FI").format(count.value);
  if (count.kind === "atLeast") return `yli ${number} ${many}`;
  if (count.kind === "estimate") return `noin ${number} ${many} (arvio)`;
  return `${number} ${count.value === 1 ? one : many}`;
}

// ---------------------------------------------------------------- helpers (kaverit)

export const caregiverTexts = {
  empty: "Ei kavereita vielä",
  noMatches: "Ei hakutuloksia",
  noRating: "Ei arvioita",
  reasonRequired: "Kirjoita hylkäyksen syy",
  reasonTooLong: "Syy voi olla enintään 1000 merkkiä",
  invalidState: "Kaverin tila on jo muuttunut. Päivitä sivu ja tarkista tilanne.",
  notFound: "Kaveria ei löytynyt.",
  flagsSaved: "Tarkistukset tallennettu",
  flagsUnchanged: "Tarkistukset olivat jo tallennettuina",
} as const;

export const REVIEW_ACTION_LABELS: Record<CaregiverReviewAction, string> = {
  approve: "Hyväksy",
  reject: "Hylkää",
  suspend: "Jäädytä",
  reinstate: "Palauta aktiiviseksi",
};

export const REVIEW_ACTION_BUSY: Record<CaregiverReviewAction, string> = {
  approve: "Hyväksytään...",
  reject: "Hylätään...",
  suspend: "Jäädytetään...",
  reinstate: "Palautetaan...",
};

/** The toast after a successful review action. */
export const REVIEW_ACTION_DONE: Record<CaregiverReviewAction, string> = {
  approve: "Kaveri hyväksytty",
  reject: "Hakemus hylätty",
  suspend: "Kaveri jäädytetty",
  reinstate: "Kaveri palautettu aktiiviseksi",
};

export const REVIEW_ACTION_DONE_DETAIL: Record<CaregiverReviewAction, string> = {
  approve: "Kaverille lähetettiin sähköposti hyväksynnästä.",
  reject: "Hakijalle lähetettiin sähköposti, jossa kerrotaan syy.",
  suspend: "Kaveria ei enää tarjota asiakkaille. Kaverille lähetettiin sähköposti.",
  reinstate: "Kaveria tarjotaan taas asiakkaille. Kaverille lähetettiin sähköposti.",
};

export const VERIFICATION_FLAG_LABELS: Record<VerificationFlag, string> = {
  identity_verified: "Henkilöllisyys tarkistettu",
  interview_done: "Haastattelu tehty",
  references_checked: "Suosittelijat tarkistettu",
  background_check: "Rikostaustaote nähty",
  insurance_verified: "Vakuutustodistus nähty",
  education_verified: "Koulutus tarkistettu",
};

/** Short forms for the list's flag column. */
export const VERIFICATION_FLAG_SHORT_LABELS: Record<VerificationFlag, string> = {
  identity_verified: "Henkilöllisyys",
  interview_done: "Haastattelu",
  references_checked: "Suosittelijat",
  background_check: "Rikostausta",
  insurance_verified: "Vakuutus",
  education_verified: "Koulutus",
};

// ---------------------------------------------------------------- audit log

/** How each logged action reads (every action has one; an unknown code in old rows is shown as is). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "caregiver.approve": "Kaveri hyväksytty",
  "caregiver.reject": "Hakemus hylätty",
  "caregiver.suspend": "Kaveri jäädytetty",
  "caregiver.reinstate": "Kaveri palautettu aktiiviseksi",
  "caregiver.verification": "Tarkistuksia muutettu",
  "order.status": "Tilan muutos",
  "order.assign": "Kaverin muutos",
  "order.cancel": "Tilaus peruutettu",
  "order.reschedule": "Aika muutettu",
  "order.manage_link_reissue": "Hallitse varausta -linkki uusittu",
  "order.caregiver_accept": "Kaveri hyväksyi tilauksen",
  "order.caregiver_reject": "Kaveri hylkäsi tilauksen",
  "order.caregiver_start": "Kaveri aloitti tehtävän",
  "order.caregiver_complete": "Kaveri merkitsi tehtävän suoritetuksi",
  "order.auto_complete": "Tehtävä merkitty suoritetuksi automaattisesti",
  "series.cancel": "Toistuvat käynnit peruutettu",
  "series.change_caregiver": "Toistuvien käyntien kaveri vaihdettu",
  "customer.freeze": "Asiakas jäädytetty",
  "customer.unfreeze": "Asiakkaan jäädytys poistettu",
  "customer.data_export": "Tietojen vienti pyydetty asiakkaalle",
  "customer.deletion_requested": "Tietojen poisto pyydetty asiakkaan puolesta",
  "customer.deletion_cancelled": "Tietojen poisto peruttu asiakkaan puolesta",
  "caregiver.data_export": "Tietojen vienti pyydetty kaverille",
  "caregiver.deletion_requested": "Tietojen poisto pyydetty kaverin puolesta",
  "caregiver.deletion_cancelled": "Tietojen poisto peruttu kaverin puolesta",
  "account.deletion_requested": "Tilin poisto pyydetty",
  "account.deletion_cancelled": "Tilin poisto peruttu",
  "account.erased": "Tili poistettu",
  "caregiver.availability": "Saatavuutta muutettu",
  "payment.captured_after_cancel": "Maksu saapui peruutetulle tilaukselle",
  "payout.paid": "Tilitys maksettu kaverille",
  "invoice.paid": "Lasku merkitty maksetuksi",
  "invoice.payment": "Laskun osamaksu kirjattu",
  "invoice.reminder": "Maksumuistutus lähetetty",
  "discount_code.create": "Alennuskoodi luotu",
  "discount_code.toggle": "Alennuskoodin tila muutettu",
  "discount_code.delete": "Alennuskoodi poistettu",
  "settings.price_bands": "Tuntihinnat muutettu",
  "settings.contact": "Yhteystiedot muutettu",
  "settings.travel_time": "Matka-aika muutettu",
  "settings.staff_alerts": "Tuen sähköposti muutettu",
  "settings.company": "Yrityksen tiedot muutettu",
};

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** Entity types in the log and how the filter names them. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  order: "Tilaus",
  order_series: "Toistuva käynti",
  caregiver: "Kaveri",
  customer: "Asiakas",
  payment: "Maksu",
  payout: "Tilitys",
  invoice: "Lasku",
  discount_code: "Alennuskoodi",
  settings: "Asetukset",
};

export function auditEntityLabel(entityType: string): string {
  return AUDIT_ENTITY_LABELS[entityType] ?? entityType;
}

export const SYSTEM_ACTOR = "Järjestelmä";
/** The actor of a line whose staff member's profile is gone. */
export const DELETED_ACTOR = "Poistettu käyttäjä";

/** Field names of the log lines as words (more in ./audit-entries.ts, which app/backoffice/audit-view.ts reads). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: "Tila",
  reason: "Syy",
  caregiver: "Kaveri",
  caregiverName: "Kaveri",
  paymentStatus: "Maksun tila",
  orderStatus: "Tilauksen tila",
  note: "Huomio",
  deleteAfter: "Poistetaan",
  ...VERIFICATION_FLAG_LABELS,
};

export const STATUS_WORDS: Record<string, string> = {
  ...PAYMENT_STATUS_LABELS,
  ...CUSTOMER_STATUS_LABELS,
  ...CAREGIVER_STATUS_LABELS,
  ...ORDER_STATUS_LABELS,
};

export interface AuditChangeLine {
  field: string;
  before: string | null;
  after: string | null;
}

// ---------------------------------------------------------------- orders (spec 001 §8)

export const orderTexts = {
  /** A guest's invoice order that waits for its e-mail address (docs/decisions/0012). */
  awaitingEmailConfirmation: (deadline: string) =>
    `Odottaa asiakkaan sähköpostivahvistusta ${deadline} asti. Ilman vahvistusta tilaus perutaan, eikä laskua ole vielä lähetetty.`,
  statusUpdated: "Tila päivitetty",
  manageLinkHeading: "Hallitse varausta -linkki",
  manageLinkText: "Lähettää tilaajalle sähköpostiin uuden Hallitse varausta -linkin. Tilauksen aiemmat linkit lakkaavat toimimasta heti.",
  manageLinkButton: "Lähetä uusi linkki",
  manageLinkSent: (email: string) => `Uusi linkki lähetetty osoitteeseen ${email}. Aiemmat linkit eivät enää toimi.`,
  manageLinkNotAllowed: "Uuden linkin voi lähettää vain ylläpitäjä tai asiakastuki.",
  caregiverUpdated: "Kaveri päivitetty",
  cancelled: "Tilaus peruutettu",
  cancelledDetail: "Tilaus on peruutettu onnistuneesti.",
  noCaregiver: "Ei valittua kaveria",
  empty: "Ei tilauksia vielä",
  noMatches: "Ei tilauksia valituilla suodattimilla",
  notFound: "Tilausta ei löytynyt.",
  noFreeCaregivers: "Tässä kaupungissa ei ole vapaita kavereita tähän aikaan.",
  copied: "Kopioitu",
} as const;

/** Cancelling an order (app/services/order-cancellation.server.ts). */
export const cancelTexts = {
  refusals: {
    not_found: "tilausta ei löytynyt.",
    not_cancellable: "valmista tilausta ei voi perua.",
  },
  refundFailed: "tilaus on peruutettu, mutta maksun palautus maksupalvelun kautta ei onnistunut. Yritä palautusta uudelleen hetken kuluttua.",
  refundManually: (cents: number) =>
    `Maksua ei voi palauttaa maksupalvelun kautta, koska se on maksettu toisella maksupalvelulla. Palauta ${formatEuros(cents)} asiakkaalle käsin.`,
  alreadyCancelled: "Tilaus on jo peruutettu.",
  notCancellable: "Valmista tilausta ei voi perua.",
  moneyNote(outcome: { refund: string; refundCents: number; creditNote: { creditNoteNumber: number; amountCents: number } | null }): string {
    if (outcome.refund === "refunded") return `Palautettu ${formatEuros(outcome.refundCents)}.`;
    if (outcome.refund === "in_progress") return "Palautus on käynnissä.";
    if (outcome.creditNote) return `Hyvityslasku ${outcome.creditNote.creditNoteNumber}: ${formatEuros(outcome.creditNote.amountCents)}.`;
    return "";
  },
} as const;

/** "Tilan päivitys epäonnistui: {message}" (spec 001 §8). */
export function statusUpdateFailed(message: string): string {
  return `Tilan päivitys epäonnistui: ${message}`;
}

/** "Kaverin päivitys epäonnistui: {message}" (spec 001 §8). */
export function caregiverUpdateFailed(message: string): string {
  return `Kaverin päivitys epäonnistui: ${message}`;
}

/** "Tilauksen peruutus epäonnistui: {message}" (spec 001 §8). */
export function cancelFailed(message: string): string {
  return `Tilauksen peruutus epäonnistui: ${message}`;
}

/** Why an assignment or a status change was refused (codes of app/services/order-assignment.server.ts and order-status). */
export const ORDER_CHANGE_REFUSALS: Record<string, string> = {
  order_not_found: "tilausta ei löytynyt.",
  order_closed: "tilaus on jo peruutettu tai valmis.",
  caregiver_not_assignable: "kaveria ei ole hyväksytty tai hänet on jäädytetty.",
  caregiver_busy: "kaverilla on jo toinen tilaus samaan aikaan.",
  caregiver_no_service: "kaveri ei tarjoa tätä palvelua.",
  caregiver_outside_area: "kaveri ei toimi tällä paikkakunnalla.",
  caregiver_off_hours: "kaveri ei ole käytettävissä tuohon aikaan.",
  use_cancel: "peru tilaus Peru tilaus -toiminnolla, jotta maksu palautetaan ja asianosaiset saavat tiedon.",
  /** Cancelling is the admin's alone (001 §6); app/backoffice/order-actions.server.ts checks it. */
  admin_only: "vain ylläpitäjä voi perua tilauksen.",
};

export function orderChangeRefusal(code: string): string {
  return ORDER_CHANGE_REFUSALS[code] ?? "odottamaton virhe. Yritä uudelleen.";
}

/** Why the named helper cannot take the order, as a sentence with their name (issue 26 item 4). */
export function assignmentRefusal(code: string, caregiverName: string | undefined): string {
  if (!caregiverName) return orderChangeRefusal(code);
  switch (code) {
    case "caregiver_no_service":
      return `${caregiverName} ei tarjoa tätä palvelua.`;
    case "caregiver_outside_area":
      return `${caregiverName} ei toimi tällä paikkakunnalla.`;
    case "caregiver_off_hours":
      return `${caregiverName} ei ole käytettävissä tuohon aikaan.`;
    case "caregiver_busy":
      return `${caregiverName} on varattu tuohon aikaan.`;
    case "caregiver_not_assignable":
      return `${caregiverName} ei ole hyväksytty kaveri tai hänet on jäädytetty.`;
    default:
      return orderChangeRefusal(code);
  }
}

// ---------------------------------------------------------------- customers (asiakkaat)

export const customerTexts = {
  empty: "Ei asiakkaita vielä",
  noMatches: "Ei hakutuloksia",
  notFound: "Asiakasta ei löytynyt.",
  frozen: "Asiakas jäädytetty",
  frozenDetail: "Asiakas ei voi enää kirjautua eikä tehdä varauksia, ja hänet kirjattiin ulos kaikilta laitteilta.",
  unfrozen: "Jäädytys poistettu",
  unfrozenDetail: "Asiakas voi taas kirjautua ja tehdä varauksia.",
  unchanged: "Asiakkaan tila oli jo tämä",
} as const;

// ---------------------------------------------------------------- invoice payments

/** Recording (partial) payments of an invoice and reminding of an overdue one. */
export const invoicePaymentTexts = {
  paidOnRequired: "Anna maksupäivä.",
  paidOnInvalid: "Anna maksupäivä muodossa pp.kk.vvvv.",
  paidOnFuture: "Maksupäivä ei voi olla tulevaisuudessa.",
  amountRequired: "Anna maksettu summa.",
  amountInvalid: "Anna summa euroina, esimerkiksi 50 tai 49,90.",
  amountTooMuch: (balance: string) => `Summa on suurempi kuin avoin saldo ${balance}. Kirjaa enintään ${balance}.`,
  notOpen: "Lasku oli jo maksettu tai hyvitetty.",
  paid: (invoiceNumber: number) => `Lasku ${invoiceNumber} merkitty maksetuksi`,
  partlyPaid: (invoiceNumber: number) => `Laskulle ${invoiceNumber} kirjattiin osamaksu`,
  partial: (paid: string, amount: string) => `Osittain maksettu: ${paid} / ${amount}`,
  remaining: (remaining: string) => `Maksamatta ${remaining}`,
  balance: (balance: string) => `Avoin saldo ${balance}`,
  credited: (amount: string) => `Hyvitetty ${amount}`,
  creditedAmount: (amount: string, creditNoteNumber: number) => `${amount} (hyvityslasku ${creditNoteNumber})`,
  reminderSent: (date: string) => `Muistutus lähetetty ${date}`,
  reminderDone: (invoiceNumber: number) => `Maksumuistutus lähetetty laskusta ${invoiceNumber}`,
  reminderNotOverdue: "Muistutusta ei lähetetty: lasku ei ole erääntynyt tai se on jo maksettu.",
  reminderAlreadyToday: "Muistutus on jo lähetetty tänään",
} as const;

import type { DB, Executor } from "../db.server";
import {
  REVIEW_TRANSITIONS,
  changedFlags,
  type CaregiverReviewAction,
  type VerificationFlags,
} from "../domain/caregiver-review";
import { env } from "../env.server";
import { writeAudit, type AuditActor } from "../models/audit-log.server";
import {
  lockCaregiverForReview,
  setCaregiverReviewStatus,
  setVerificationFlags,
  type LockedCaregiver,
} from "../models/backoffice-caregivers.server";
import { getContactInfo } from "../models/settings.server";
import { renderEmail, sendEmail, type EmailContent } from "./email.server";

// Staff review of a helper (issue 14; DESIGN.md decisions 5 and 19): approve, reject with a
// reason, suspend, reinstate, and the verification checks. Each change, its audit line and the
// e-mail to the helper are written in one transaction, so none exists without the others.

export type ReviewOutcome =
  | { ok: true; action: CaregiverReviewAction }
  | { ok: false; reason: "not_found" | "invalid_state" | "reason_required" };

/**
 * Applies a review action. The helper's row is locked first, so two staff members pressing
 * different buttons at once cannot both win: the second sees the new status and is refused.
 */
export async function reviewCaregiver(
  db: DB,
  actor: AuditActor,
  input: { caregiverId: string; action: CaregiverReviewAction; reason?: string | null },
): Promise<ReviewOutcome> {
  const reason = input.reason?.trim() || null;
  if (input.action === "reject" && !reason) return { ok: false, reason: "reason_required" };
  const transition = REVIEW_TRANSITIONS[input.action];
  return db.transaction().execute(async (trx) => {
    const caregiver = await lockCaregiverForReview(trx, input.caregiverId);
    if (!caregiver) return { ok: false, reason: "not_found" } as const;
    if (!transition.from.includes(caregiver.status)) return { ok: false, reason: "invalid_state" } as const;

    const keptReason = input.action === "reject" || input.action === "suspend" ? reason : null;
    await setCaregiverReviewStatus(trx, {
      caregiverId: caregiver.id,
      status: transition.to,
      reviewerId: actor.id,
      reason: keptReason,
    });
    await writeAudit(trx, actor, {
      action: `caregiver.${input.action}`,
      entityType: "caregiver",
      entityId: caregiver.id,
      before: { status: caregiver.status },
      after: { status: transition.to, ...(keptReason ? { reason: keptReason } : {}) },
    });
    await sendReviewEmail(trx, caregiver, input.action, keptReason);
    return { ok: true, action: input.action } as const;
  });
}

/** Saves the verification checks; only a real change is written to the audit log. */
export async function updateVerificationFlags(
  db: DB,
  actor: AuditActor,
  input: { caregiverId: string; flags: VerificationFlags },
): Promise<{ ok: true; changed: boolean } | { ok: false; reason: "not_found" }> {
  return db.transaction().execute(async (trx) => {
    const caregiver = await lockCaregiverForReview(trx, input.caregiverId);
    if (!caregiver) return { ok: false, reason: "not_found" } as const;
    const changed = changedFlags(caregiver.flags, input.flags);
    if (changed.length === 0) return { ok: true, changed: false } as const;
    await setVerificationFlags(trx, caregiver.id, input.flags);
    await writeAudit(trx, actor, {
      action: "caregiver.verification",
      entityType: "caregiver",
      entityId: caregiver.id,
      before: Object.fromEntries(changed.map((flag) => [flag, caregiver.flags[flag]])),
      after: Object.fromEntries(changed.map((flag) => [flag, input.flags[flag]])),
    });
    return { ok: true, changed: true } as const;
  });
}

// ---------------------------------------------------------------- e-mails to the helper

const SUBJECTS: Record<CaregiverReviewAction, string> = {
  approve: "Hakemuksesi on hyväksytty – Arkikaveri",
  reject: "Hakemuksesi Arkikaveriksi – Arkikaveri",
  suspend: "Kaveritilisi on jäädytetty – Arkikaveri",
  reinstate: "Kaveritilisi on taas käytössä – Arkikaveri",
};

async function sendReviewEmail(trx: Executor, caregiver: LockedCaregiver, action: CaregiverReviewAction, reason: string | null) {
  const contact = await getContactInfo(trx);
  await sendEmail(trx, {
    to: caregiver.email,
    subject: SUBJECTS[action],
    ...renderEmail(reviewEmailContent(action, { name: caregiver.fullName, reason, contact })),
  });
}

export function reviewEmailContent(
  action: CaregiverReviewAction,
  { name, reason, contact }: { name: string; reason: string | null; contact: { email: string; phone: string } },
): EmailContent {
  const greeting = name ? `Hei ${name},` : "Hei,";
  const help = `Kysyttävää? Vastaamme mielellämme: ${contact.email}, puh. ${contact.phone}.`;
  const signIn = { label: "Kirjaudu sisään", url: new URL("/auth", env().APP_URL).toString() };
  switch (action) {
    case "approve":
      return {
        heading: "Tervetuloa Arkikaveriksi!",
        paragraphs: [
          greeting,
          "hakemuksesi on hyväksytty, ja olet nyt Arkikaveri. Asiakkaat voivat tästä lähtien varata sinut.",
          [
            "Näin pääset alkuun:",
            "1. Kirjaudu sisään sähköpostiosoitteellasi ja salasanalla, jonka valitsit hakemusta tehdessäsi. Jos et ole vielä vahvistanut sähköpostiosoitettasi, avaa ensin vahvistuslinkki, jonka lähetimme hakemuksen jälkeen. Jos et muista salasanaa, valitse kirjautumissivulla ”Unohtuiko salasana?”.",
            "2. Kun asiakas varaa sinut tai sinut valitaan tilaukseen, saat siitä sähköpostin. Kaikki varauksesi näet kirjauduttuasi kohdasta Omat varaukset.",
            "3. Hyväksy uusi varaus mahdollisimman pian, niin asiakas tietää sinun tulevan.",
          ].join("\n"),
        ],
        button: signIn,
        afterButton: [help],
      };
    case "reject":
      return {
        heading: "Kiitos hakemuksestasi",
        paragraphs: [
          greeting,
          "kiitos, että halusit Arkikaveriksi ja käytit aikaa hakemukseesi. Kävimme sen huolellisesti läpi, mutta emme valitettavasti voi hyväksyä sitä tällä kertaa.",
          `Syy: ${reason ?? ""}`,
          `Jos tilanteesi muuttuu tai haluat kysyä päätöksestä, ota meihin yhteyttä, niin katsomme asian mielellämme uudelleen: ${contact.email}, puh. ${contact.phone}.`,
          "Toivotamme sinulle kaikkea hyvää!",
        ],
      };
    case "suspend":
      return {
        heading: "Kaveritilisi on jäädytetty",
        paragraphs: [
          greeting,
          "kaveritilisi on jäädytetty. Sinua ei nyt tarjota asiakkaille, eikä sinulle valita uusia tilauksia.",
          ...(reason ? [`Syy: ${reason}`] : []),
          "Otamme sinuun yhteyttä jo sovituista käynneistäsi. Älä peru niitä itse ennen kuin olemme puhuneet.",
          help,
        ],
      };
    case "reinstate":
      return {
        heading: "Kaveritilisi on taas käytössä",
        paragraphs: [
          greeting,
          "kaveritilisi on taas käytössä. Asiakkaat voivat jälleen varata sinut, ja näet varauksesi kirjautumalla sisään.",
        ],
        button: signIn,
        afterButton: [help],
      };
  }
}

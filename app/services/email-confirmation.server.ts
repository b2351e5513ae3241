import type { Executor } from "../db.server";
import { env } from "../env.server";
import { createAuthToken } from "../models/users.server";
import { CONFIRM_EMAIL_TTL_MS } from "./auth.server";
import { renderEmail, sendEmail } from "./email.server";

// The e-mail-confirmation link of an account made by a flow other than /auth sign-up (helper
// registration; DESIGN.md decision 9). The link is the one /auth/vahvista consumes: a
// 'confirm_email' token, stored as its SHA-256 hash, valid 48 hours and once.

export interface ConfirmationRecipient {
  userId: string;
  email: string;
  fullName: string;
}

/**
 * Creates a confirmation token and queues the helper's welcome e-mail with the link, both with
 * `trx`: call it inside the transaction that creates the account, so that neither exists without
 * the other.
 */
export async function queueHelperEmailConfirmation(trx: Executor, recipient: ConfirmationRecipient): Promise<void> {
  const token = await createAuthToken(trx, {
    userId: recipient.userId,
    purpose: "confirm_email",
    ttlMs: CONFIRM_EMAIL_TTL_MS,
  });
  const url = new URL("/auth/vahvista", env().APP_URL);
  url.searchParams.set("token", token);
  await sendEmail(trx, {
    to: recipient.email,
    subject: "Vahvista sähköpostiosoitteesi – Arkikaveri",
    ...renderEmail({
      heading: "Kiitos hakemuksestasi Arkikaveriksi!",
      paragraphs: [
        recipient.fullName ? `Hei ${recipient.fullName},` : "Hei,",
        "kiitos, että haluat Arkikaveriksi. Vahvista ensin sähköpostiosoitteesi alla olevasta painikkeesta.",
        "Käymme profiilisi läpi ja ilmoitamme hyväksynnästä sähköpostilla. Voit nopeuttaa hyväksyntää toimittamalla meille rikostaustaotteen ja vakuutustodistuksen.",
      ],
      button: { label: "Vahvista sähköpostiosoite", url: url.toString() },
      afterButton: [
        "Linkki on voimassa 48 tuntia, ja sen voi käyttää kerran.",
        "Jos et hakenut Arkikaveriksi, voit jättää tämän viestin huomiotta.",
      ],
    }),
  });
}

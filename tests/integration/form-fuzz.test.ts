import fc from "fast-check";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { action as contactAction } from "~/routes/_index";
import { action as authAction } from "~/routes/auth._index";
import { action as forgotAction } from "~/routes/auth.unohtunut-salasana";
import { action as newPasswordAction } from "~/routes/auth.uusi-salasana";
import { action as confirmAction } from "~/routes/auth.vahvista";
import { action as localCheckoutAction } from "~/routes/maksu.testi.$ref";
import { action as registrationAction } from "~/routes/rekisteroidy-kaveriksi";
import { action as orderConfirmationAction } from "~/routes/varaus.vahvista";
import { action as varaaContactAction } from "~/routes/varaa.yhteystiedot";
import { action as varausContactAction } from "~/routes/varaus.yhteystiedot";
import { answerOf } from "./support/auth";
import { BASE_URL } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, seedBookingFixtures } from "./support/booking";

// Issue 12: whatever a client posts to a public form (random text with control characters and
// emoji, 10 000 characters, fields missing, repeated or unknown, a text field sent as a file), the
// answer is never a 500, every message it carries is Finnish, and nothing is stored.

type Action = (args: { request: Request; params: Record<string, string>; context: typeof CONTEXT }) => unknown;

interface Target {
  name: string;
  path: string;
  action: Action;
  fields: string[];
  params?: Record<string, string>;
  /** Sent as multipart/form-data, as the browser sends the photo upload. */
  multipart?: boolean;
}

let bookingQuery = "";

const CONTACT_FIELDS = [
  "intent", "bookingFor", "firstName", "lastName", "email", "phone", "address", "postalCode", "city",
  "recipientFirstName", "recipientLastName", "recipientPhone", "recipientAddress", "recipientPostalCode", "recipientCity",
  "paymentMethod", "discountCode", "acceptTerms", "altcha", "botCheckToken", "botCheck", "orderNumber",
];

const targets = (): Target[] => [
  { name: "landing contact form", path: "/?index", action: contactAction as Action, fields: ["name", "email", "phone", "message", "website"] },
  { name: "sign-in and sign-up", path: "/auth?index", action: authAction as Action, fields: ["intent", "email", "password", "fullName", "redirectTo"] },
  { name: "forgotten password", path: "/auth/unohtunut-salasana", action: forgotAction as Action, fields: ["email"] },
  { name: "new password", path: "/auth/uusi-salasana", action: newPasswordAction as Action, fields: ["token", "password", "confirmPassword"] },
  { name: "e-mail confirmation", path: "/auth/vahvista", action: confirmAction as Action, fields: ["token"] },
  { name: "booking contact step (/varaus)", path: `/varaus/yhteystiedot?${bookingQuery}`, action: varausContactAction as Action, fields: CONTACT_FIELDS },
  { name: "booking contact step (/varaa)", path: `/varaa/yhteystiedot?${bookingQuery}`, action: varaaContactAction as Action, fields: CONTACT_FIELDS },
  {
    name: "helper registration",
    path: "/rekisteroidy-kaveriksi",
    action: registrationAction as Action,
    multipart: true,
    fields: [
      "intent", "firstName", "lastName", "dateOfBirth", "address", "postalCode", "city", "otherCity", "phone", "email", "password",
      "termsAccepted", "dataProcessingAccepted", "bio", "services", "languages", "transportation", "profileImage", "altcha", "botCheckToken", "botCheck",
    ],
  },
  { name: "order e-mail confirmation", path: "/varaus/vahvista", action: orderConfirmationAction as Action, fields: ["token"] },
  { name: "test checkout", path: "/maksu/testi/olematon", action: localCheckoutAction as Action, params: { ref: "olematon" }, fields: ["intent", "method"] },
];

/** Zod's English defaults and the words they are made of. */
const ENGLISH = /\b(invalid|expected|received|too (big|small)|must|should|required|string|number|array|input|undefined|null|NaN|error)\b/i;

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("", " ", "\u0000", "a\u0000b", "\u001b[31m", "\r\n", "😀👵🏽", "x".repeat(10_000), "on", "invoice", "online", "book", "signin", "signup", "step1", "step2", "self", "other"),
);

/** Field → the values sent for it (none, one or several: a repeated field). */
const formArbitrary = (fields: string[]) =>
  fc.record({
    values: fc.dictionary(fc.constantFrom(...fields, "tuntematon"), fc.array(text, { minLength: 1, maxLength: 3 }), { maxKeys: fields.length }),
    fileField: fc.option(fc.constantFrom(...fields), { nil: undefined }),
  });

function requestFor(target: Target, form: { values: Record<string, string[]>; fileField?: string }): Request {
  const url = new URL(target.path, BASE_URL);
  if (target.multipart || form.fileField) {
    const body = new FormData();
    for (const [name, values] of Object.entries(form.values)) for (const value of values) body.append(name, value);
    if (form.fileField) body.append(form.fileField, new Blob([new Uint8Array([0xff, 0xd8, 0x00, 0x01])], { type: "image/jpeg" }), "kuva.jpg");
    return new Request(url, { method: "POST", body });
  }
  const body = new URLSearchParams();
  for (const [name, values] of Object.entries(form.values)) for (const value of values) body.append(name, value);
  return new Request(url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}

/** Every message an answer carries: the strings under any `error` key (Conform's reply and others). */
function messagesIn(value: unknown, underError = false): string[] {
  if (typeof value === "string") return underError ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => messagesIn(item, underError));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => messagesIn(item, underError || key === "error" || key === "formErrors"));
  }
  return [];
}

async function storedRows(): Promise<Record<string, number>> {
  const db = await getDb();
  const count = async (table: "profiles" | "orders" | "caregivers" | "emails" | "form_drafts" | "payments") =>
    (await db.selectFrom(table).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n;
  return {
    profiles: await count("profiles"),
    orders: await count("orders"),
    caregivers: await count("caregivers"),
    emails: await count("emails"),
    drafts: await count("form_drafts"),
    payments: await count("payments"),
  };
}

beforeAll(async () => {
  const f = await seedBookingFixtures();
  bookingQuery = draftQuery({ date: dateInDays(5), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
});

describe("random input to every public form", () => {
  it.each(targets().map((target) => [target.name, target] as const))("%s: never a 500, only Finnish, nothing stored", async (_name, staticTarget) => {
    // The booking address needs the fixtures, made in beforeAll.
    const target = targets().find((candidate) => candidate.name === staticTarget.name)!;
    const before = await storedRows();
    await fc.assert(
      fc.asyncProperty(formArbitrary(target.fields), async (form) => {
        const answer = await answerOf(() => target.action({ request: requestFor(target, form), params: target.params ?? {}, context: CONTEXT }));
        expect(answer.status, JSON.stringify(form).slice(0, 300)).toBeLessThan(500);
        for (const message of messagesIn(answer.data)) {
          expect(message, JSON.stringify(form).slice(0, 300)).not.toMatch(ENGLISH);
        }
      }),
      { numRuns: 40 },
    );
    expect(await storedRows()).toEqual(before);
  });
});

describe("what is kept for later never breaks on a NUL character", () => {
  it("a booking form sent after its draft went stale keeps the typed details, without the NUL", async () => {
    const request = new Request(new URL("/varaus/yhteystiedot", BASE_URL), {
      method: "POST",
      body: new URLSearchParams({ intent: "book", firstName: "Ai\u0000no", email: "nul@example.fi" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const answer = await answerOf(() => varausContactAction({ request, params: {}, context: CONTEXT }));
    expect(answer.status).toBe(302);
    const db = await getDb();
    const kept = await db.selectFrom("form_drafts").select("data").where("kind", "=", "booking-contact").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(kept.data).toMatchObject({ firstName: "Aino", email: "nul@example.fi" });
  });
});

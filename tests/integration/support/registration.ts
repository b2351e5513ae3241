import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { getDb } from "~/db.server";
import { action } from "~/routes/rekisteroidy-kaveriksi";
import { createQuestion } from "~/services/bot-check.server";
import { createLocalStorage, useStorage } from "~/services/storage.server";
import { answerOf, contextFor, type RouteAnswer } from "./auth";

// Helper registration (/rekisteroidy-kaveriksi) driven through its route, as a browser without
// JavaScript sends it, for the tests that need a finished step 1 (limits, enumeration).

const BASE = "http://localhost:3000";
const SERVICE_SLUGS = ["companionship", "outdoor_walks"];

/** Photos into a temporary folder and the service categories step 2 offers; returns the cleanup. */
export async function setUpRegistration(): Promise<() => void> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-uploads-"));
  useStorage(createLocalStorage(uploadsDir));
  const db = await getDb();
  await db
    .insertInto("service_categories")
    .values(SERVICE_SLUGS.map((slug, index) => ({ slug, name: `Palvelu ${slug}`, sort_order: index })))
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  return () => {
    useStorage(undefined);
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  };
}

let photo: Promise<Buffer> | undefined;

/** Posts a valid step 1 for `email` and returns the draft's Cookie header. */
export async function completeRegistrationStep1(email: string): Promise<string> {
  photo ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 60 } } }).png().toBuffer();
  const form = new FormData();
  const question = createQuestion();
  const fields: Record<string, string> = {
    intent: "step1",
    firstName: "Kalle",
    lastName: "Kaveri",
    dateOfBirth: "1990-04-12",
    address: "Mannerheimintie 1 A 2",
    postalCode: "00100",
    city: "Helsinki",
    phone: "0401234567",
    email,
    password: "Salasana1234",
    termsAccepted: "on",
    dataProcessingAccepted: "on",
    botCheckToken: question.token,
    botCheck: String(question.answer),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("profileImage", new File([new Uint8Array(await photo)], "kasvokuva.png", { type: "image/png" }));
  const answer = await answerOf(() => action({ request: new Request(`${BASE}/rekisteroidy-kaveriksi`, { method: "POST", body: form }), params: {}, context: contextFor() }));
  if (answer.status !== 302) throw new Error(`step 1 answered ${answer.status}: ${JSON.stringify(answer.data)}`);
  const pair = answer.headers.getSetCookie().map((header) => header.split(";")[0]!).find((cookie) => cookie.startsWith("__kaverihakemus="));
  if (!pair) throw new Error("step 1 set no draft cookie");
  return pair;
}

/** Posts a valid step 2 with the draft `cookie` from client `ip`. */
export function postRegistrationStep2(cookie: string, ip: string): Promise<RouteAnswer> {
  const body = new URLSearchParams({ intent: "step2", bio: "Olen eläkkeellä oleva opettaja ja pidän ulkoilusta.", transportation: "license" });
  for (const slug of SERVICE_SLUGS) body.append("services", slug);
  body.append("languages", "suomi");
  const request = new Request(`${BASE}/rekisteroidy-kaveriksi?vaihe=2`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  return answerOf(() => action({ request, params: {}, context: contextFor(ip) }));
}

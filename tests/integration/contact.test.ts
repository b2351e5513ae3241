import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { setSetting } from "~/models/settings.server";
import { action, loader } from "~/routes/_index";
import { takeToast } from "~/services/flash.server";
import { fieldMessages } from "~/messages/fields";

const CONTACT = { email: "yhteys@arkikaveri.test", phone: "+358 40 765 4321" };

function postContact(fields: Record<string, string>, clientIp?: string) {
  const body = new URLSearchParams(fields);
  const request = new Request("http://localhost/?index", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return action({ request, params: {}, context: { cspNonce: "test", clientIp } });
}

const valid = {
  name: "Aino Asiakas",
  email: "aino@example.com",
  phone: "040 123 4567",
  message: "Hei! Voisiko kaveri auttaa äitiäni kaupassa torstaisin?",
};

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

/** The action answers a failed validation with data(reply, { status: 400 }). */
function asInvalid(result: unknown): { status: number | undefined; reply: Reply } {
  expect(result).not.toBeInstanceOf(Response);
  const wrapped = result as { data: Reply; init: ResponseInit | null };
  return { status: wrapped.init?.status, reply: wrapped.data };
}

async function contactEmails() {
  const db = await getDb();
  return db.selectFrom("emails").selectAll().where("subject", "like", "Yhteydenotto:%").orderBy("created_at").execute();
}

beforeEach(async () => {
  const db = await getDb();
  await db.deleteFrom("jobs").execute();
  await db.deleteFrom("emails").execute();
  // Each test starts with no messages counted against its address.
  await db.deleteFrom("rate_limits").execute();
  await setSetting(db, "contact", CONTACT);
});

describe("landing page loader", () => {
  it("gives the contact details from the settings and the price table from the bands", async () => {
    const { data: result } = await loader({ request: new Request("http://localhost/"), params: {}, context: { cspNonce: "test" } });
    expect(result.contact).toEqual(CONTACT);
    expect(result.sent).toBe(false);
    const day = result.prices.find((band) => band.id === "day")!;
    expect(day.rows[0]).toEqual({ hours: 1, totalCents: 4000, netCents: 3187, afterDeductionCents: 2600 });
  });

  it("uses the bands an admin saved", async () => {
    const db = await getDb();
    await setSetting(db, "price_bands", [
      { id: "day", fromHour: 8, toHour: 17, hourlyCents: 4500 },
      { id: "evening", fromHour: 18, toHour: 23, hourlyCents: 6000 },
      { id: "night", fromHour: 0, toHour: 7, hourlyCents: 8000 },
    ]);
    const { data: result } = await loader({ request: new Request("http://localhost/?lahetetty=1"), params: {}, context: { cspNonce: "test" } });
    expect(result.prices[0].rows[1].totalCents).toBe(9000);
    expect(result.sent).toBe(true);
    await db.deleteFrom("settings").where("key", "=", "price_bands").execute();
  });
});

describe("contact form action", () => {
  it.each([
    ["name", { name: "" }, "Kirjoita nimesi"],
    ["name", { name: "A" }, "Nimi liian lyhyt"],
    ["name", { name: "A".repeat(101) }, "Nimi liian pitkä"],
    ["email", { email: "" }, "Kirjoita sähköpostiosoitteesi"],
    ["email", { email: "aino.example.com" }, "Virheellinen sähköpostiosoite"],
    ["email", { email: `${"a".repeat(250)}@example.com` }, "Sähköposti liian pitkä"],
    ["phone", { phone: "12345" }, "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)"],
    ["message", { message: "" }, "Kirjoita viestisi"],
    ["message", { message: "Lyhyt" }, "Viesti liian lyhyt (vähintään 10 merkkiä)"],
    ["message", { message: "x".repeat(2001) }, "Viesti liian pitkä (enintään 2000 merkkiä)"],
  ])("rejects an invalid %s with '%s'", async (field, override, message) => {
    const result = await postContact({ ...valid, ...override });
    const { status, reply } = asInvalid(result);
    expect(status).toBe(400);
    expect(reply.status).toBe("error");
    expect(reply.error?.[field]).toEqual([message]);
    expect(await contactEmails()).toHaveLength(0);
  });

  it("keeps every typed value when the form is sent back with errors", async () => {
    const typed = { name: "Aino Asiakas", email: "aino@example", phone: "040 123 4567", message: "Hei" };
    const { reply } = asInvalid(await postContact(typed));
    expect(reply.initialValue).toMatchObject(typed);
    expect(Object.keys(reply.error ?? {}).sort()).toEqual(["email", "message"]);
  });

  it("accepts a message without a phone number", async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    const result = await postContact({ ...withoutPhone, phone: "" });
    expect(result).toBeInstanceOf(Response);
    const [email] = await contactEmails();
    expect(email.text).toContain("Puhelin: ei annettu");
  });

  it("queues an e-mail to the contact address, replying to the sender, and redirects with a toast", async () => {
    const result = await postContact({ ...valid, message: "Hei!\r\n\r\nVoisiko kaveri auttaa <b>äitiäni</b> kaupassa?" });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?lahetetty=1#yhteystiedot");

    const emails = await contactEmails();
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email.to_address).toBe(CONTACT.email);
    expect(email.reply_to).toBe(valid.email);
    expect(email.subject).toBe("Yhteydenotto: Aino Asiakas");
    expect(email.text).toContain("Sähköposti: aino@example.com");
    expect(email.text).toContain("Puhelin: 0401234567");
    expect(email.text).toContain("Voisiko kaveri auttaa <b>äitiäni</b> kaupassa?");
    // What the sender typed is text, never markup, in the HTML version.
    expect(email.html).toContain("&lt;b&gt;äitiäni&lt;/b&gt;");
    expect(email.html).not.toContain("<b>äitiäni</b>");

    // Delivery is a job in the queue, written with the e-mail.
    const db = await getDb();
    const jobs = await db.selectFrom("jobs").select(["type", "payload"]).execute();
    expect(jobs.map((job) => job.type)).toContain("email.deliver");

    // The toast travels in the flash cookie to the next page.
    const cookie = response.headers.get("Set-Cookie");
    expect(cookie).toBeTruthy();
    const next = new Request("http://localhost/?lahetetty=1", { headers: { Cookie: cookie!.split(";")[0] } });
    const { toast } = await takeToast(next);
    expect(toast).toEqual({ type: "success", title: "Kiitos viestistäsi!", description: "Vastaamme mahdollisimman pian." });
  });

  it("refuses a name with line breaks or other control characters, so none can reach a header", async () => {
    // A browser input cannot send a line break, but a hand-made request can.
    for (const name of ["Aino\r\nBcc: kaikki@example.com", "Aino\u0000"]) {
      const result = await postContact({ ...valid, name });
      expect(result).not.toBeInstanceOf(Response);
      expect(JSON.stringify(result)).toContain(fieldMessages.controlCharacters);
    }
    expect(await contactEmails()).toHaveLength(0);
  });

  it("drops a submission whose hidden robot field is filled, answering as if it were sent", async () => {
    const result = await postContact({ ...valid, website: "http://spam.example" });
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe("/?lahetetty=1#yhteystiedot");
    expect(await contactEmails()).toHaveLength(0);
  });
});

describe("contact form rate limit", () => {
  it("takes five messages an hour from one address, then answers 429 with the typed message kept", async () => {
    for (let i = 1; i <= 5; i += 1) {
      const sent = await postContact({ ...valid, message: `Viesti numero ${i}, kiitos vastauksesta.` }, "198.51.100.7");
      expect(sent).toBeInstanceOf(Response);
    }
    const typed = { ...valid, message: "Kuudes viesti samalta osoitteelta." };
    const result = await postContact(typed, "198.51.100.7");
    const wrapped = result as { data: Reply; init: ResponseInit | null };
    expect(wrapped.init?.status).toBe(429);
    expect(Number(new Headers(wrapped.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(wrapped.data.error?.[""]).toEqual([
      "Olet lähettänyt useita viestejä lyhyessä ajassa. Yritä uudelleen 60 minuutin kuluttua tai soita meille.",
    ]);
    expect(wrapped.data.initialValue).toMatchObject(typed);
    expect(await contactEmails()).toHaveLength(5);

    // Another address is not held back by the first one.
    expect(await postContact(valid, "198.51.100.8")).toBeInstanceOf(Response);
    expect(await contactEmails()).toHaveLength(6);
  });

  it("does not count forms refused for a typo or dropped by the robot field", async () => {
    for (let i = 0; i < 6; i += 1) {
      asInvalid(await postContact({ ...valid, email: "aino.example.com" }, "198.51.100.9"));
      await postContact({ ...valid, website: "http://spam.example" }, "198.51.100.9");
    }
    expect(await postContact(valid, "198.51.100.9")).toBeInstanceOf(Response);
    expect(await contactEmails()).toHaveLength(1);
  });
});

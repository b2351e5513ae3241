import { describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth._index";
import { action as newPasswordAction } from "~/routes/auth.uusi-salasana";
import { action as forgotAction } from "~/routes/auth.unohtunut-salasana";
import { answerOf, contextFor, postRequest } from "./support/auth";

// Every validation message of spec 000 §5 "Sign-in" and "Sign-up", triggered by a real POST to
// the action, with the texts verbatim.

async function post(fields: Record<string, string>) {
  return answerOf(() => authAction({ request: postRequest("/auth?index", fields), params: {}, context: contextFor() }));
}

function fieldErrors(answer: Awaited<ReturnType<typeof post>>, field: string): string[] {
  return answer.data?.result?.error?.[field] ?? [];
}

const validSignUp = { intent: "signup", fullName: "Aino Asiakas", email: "aino@example.fi", password: "Salasana123" };

describe("sign-in form validation (000 §5)", () => {
  it.each([
    ["an empty e-mail", "", "Kirjoita sähköpostiosoite"],
    ["an address without @", "aino.example.fi", "Virheellinen sähköpostiosoite"],
    ["an address over 255 characters", `${"a".repeat(250)}@example.fi`, "Sähköposti liian pitkä"],
  ])("rejects %s", async (_case, email, message) => {
    const answer = await post({ intent: "signin", email, password: "Salasana123" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "email")).toContain(message);
  });

  it("accepts an e-mail with spaces around it (it is trimmed)", async () => {
    const answer = await post({ intent: "signin", email: "  puuttuva@example.fi  ", password: "x".repeat(8) });
    // Valid input: the failure is the credentials, not the form.
    expect(answer.status).toBe(401);
    expect(answer.data.result.error?.email).toBeUndefined();
  });

  it.each([
    ["an empty password", "", "Salasanan on oltava vähintään 8 merkkiä"],
    ["a 7-character password", "Lyhyt12", "Salasanan on oltava vähintään 8 merkkiä"],
    ["a 73-character password", "A1".repeat(36) + "b", "Salasana liian pitkä"],
  ])("rejects %s", async (_case, password, message) => {
    const answer = await post({ intent: "signin", email: "aino@example.fi", password });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "password")).toContain(message);
  });

  it("keeps the typed e-mail but never sends the password back", async () => {
    const answer = await post({ intent: "signin", email: "aino@", password: "Salasana123" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.initialValue).toMatchObject({ email: "aino@" });
    expect(answer.data.result.initialValue.password).toBeUndefined();
    expect(JSON.stringify(answer.data)).not.toContain("Salasana123");
  });
});

describe("sign-up form validation (000 §5)", () => {
  it.each([
    ["an empty name", "", "Kirjoita nimesi"],
    ["a one-letter name", "A", "Nimi liian lyhyt"],
    ["a name of spaces only (trimmed)", "   ", "Nimi liian lyhyt"],
    ["a 101-character name", "Ä".repeat(101), "Nimi liian pitkä"],
    ["a name with digits", "Aino 2", "Nimi sisältää epäkelpoja merkkejä"],
    ["a name with symbols", "Aino <b>", "Nimi sisältää epäkelpoja merkkejä"],
  ])("rejects %s", async (_case, fullName, message) => {
    const answer = await post({ ...validSignUp, fullName });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "fullName")).toContain(message);
  });

  it("accepts Finnish letters, spaces, hyphens and apostrophes in the name", async () => {
    const answer = await post({ ...validSignUp, fullName: "Äijä-Öörni O'Brien Åström", password: "x" });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "fullName")).toEqual([]);
  });

  it.each([
    ["an invalid e-mail", "aino", "Virheellinen sähköpostiosoite"],
    ["a too long e-mail", `${"b".repeat(250)}@example.fi`, "Sähköposti liian pitkä"],
  ])("rejects %s", async (_case, email, message) => {
    const answer = await post({ ...validSignUp, email });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "email")).toContain(message);
  });

  it.each([
    ["a 7-character password", "Abcde12", "Salasanan on oltava vähintään 8 merkkiä"],
    ["a 73-character password", `Aa1${"x".repeat(70)}`, "Salasana liian pitkä"],
    ["no upper-case letter", "salasana123", "Salasanan tulee sisältää vähintään yksi iso kirjain"],
    ["no lower-case letter", "SALASANA123", "Salasanan tulee sisältää vähintään yksi pieni kirjain"],
    ["no digit", "Salasanaton", "Salasanan tulee sisältää vähintään yksi numero"],
  ])("rejects a password with %s", async (_case, password, message) => {
    const answer = await post({ ...validSignUp, password });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer, "password")).toContain(message);
  });

  it("keeps the typed name and e-mail but not the password", async () => {
    const answer = await post({ ...validSignUp, password: "heikko" });
    expect(answer.data.result.initialValue).toMatchObject({ fullName: "Aino Asiakas", email: "aino@example.fi" });
    expect(answer.data.result.initialValue.password).toBeUndefined();
  });
});

describe("password forms", () => {
  it("asks for a valid address on the forgot-password page", async () => {
    const answer = await answerOf(() =>
      forgotAction({ request: postRequest("/auth/unohtunut-salasana", { email: "ei-osoite" }), params: {}, context: contextFor() }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.error.email).toContain("Virheellinen sähköpostiosoite");
  });

  it("applies the sign-up password rules and the confirmation to a new password", async () => {
    const weak = await answerOf(() =>
      newPasswordAction({
        request: postRequest("/auth/uusi-salasana", { token: "x", password: "salasana", confirmPassword: "salasana" }),
        params: {},
        context: contextFor(),
      }),
    );
    expect(weak.status).toBe(400);
    expect(weak.data.error.password).toEqual([
      "Salasanan tulee sisältää vähintään yksi iso kirjain",
      "Salasanan tulee sisältää vähintään yksi numero",
    ]);

    const mismatch = await answerOf(() =>
      newPasswordAction({
        request: postRequest("/auth/uusi-salasana", { token: "x", password: "Salasana123", confirmPassword: "Salasana124" }),
        params: {},
        context: contextFor(),
      }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.error.confirmPassword).toEqual(["Salasanat eivät täsmää"]);
  });
});

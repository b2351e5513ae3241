import { describe, expect, it } from "vitest";
import { consentSubject, currentStates, isSelfServicePurpose, normaliseConsentPhone, type ConsentEvent } from "~/domain/consents";
import { CONSENT_WORDINGS, consentWording, currentConsentVersion } from "~/messages/consent-wordings";
import { registrationConsentLabel } from "~/messages/caregiver-registration";

// The consent log's pure rules (issue 29 item 4; decision 0033).

describe("a consent's subject", () => {
  it("is one phone number however it is written", () => {
    for (const written of ["0401234567", "040 123 4567", "040-123 4567", "+358401234567", "+358 40 123 4567"]) {
      expect(normaliseConsentPhone(written)).toBe("+358401234567");
    }
    expect(consentSubject({ phone: "040 123 4567" })).toEqual({ phone: "+358401234567" });
  });

  it("is one e-mail address whatever its letter case", () => {
    expect(consentSubject({ email: "  Aino.Asiakas@Example.FI " })).toEqual({ email: "aino.asiakas@example.fi" });
  });
});

describe("the state of a purpose", () => {
  const event = (id: string, purpose: ConsentEvent["purpose"], given: boolean, at: string) => ({
    id,
    purpose,
    given,
    textVersion: currentConsentVersion(purpose),
    method: "profiili" as const,
    createdAt: new Date(at),
  });

  it("is its newest event, a later id winning a tie in time", () => {
    const states = currentStates([
      event("3", "markkinointi", false, "2026-11-02T10:00:00Z"),
      event("1", "markkinointi", true, "2026-11-01T10:00:00Z"),
      event("10", "tekstiviestimuistutukset", true, "2026-11-03T10:00:00Z"),
      event("9", "tekstiviestimuistutukset", false, "2026-11-03T10:00:00Z"),
    ]);
    expect(states.get("markkinointi")?.id).toBe("3");
    expect(states.get("tekstiviestimuistutukset")?.given).toBe(true);
    expect(states.has("tietojenkäsittely")).toBe(false);
  });

  it("of the helper's registration consent is not given or withdrawn in the profile", () => {
    expect(isSelfServicePurpose("markkinointi")).toBe(true);
    expect(isSelfServicePurpose("tekstiviestimuistutukset")).toBe(true);
    expect(isSelfServicePurpose("tietojenkäsittely")).toBe(false);
    expect(isSelfServicePurpose("mainonta")).toBe(false);
  });
});

describe("the wordings", () => {
  it("name a current version that exists, and the registration's is its checkbox label", () => {
    for (const wordings of Object.values(CONSENT_WORDINGS)) expect(wordings.versions[wordings.current]).toBeDefined();
    const { before, link, after } = registrationConsentLabel;
    expect(consentWording("tietojenkäsittely", "tietojenkäsittely-1").text).toBe(`${before} ${link} ${after}.`);
    // A version this code no longer knows is shown with the current wording rather than nothing.
    expect(consentWording("markkinointi", "markkinointi-0").title).toBe(consentWording("markkinointi", currentConsentVersion("markkinointi")).title);
  });
});

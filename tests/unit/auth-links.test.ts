import { describe, expect, it } from "vitest";
import { LINK_LIFETIME_MS, lifetimeWords } from "~/domain/auth-links";
import { deadPasswordLinkText, linkValidity } from "~/messages/auth-emails";
import { authMessages } from "~/messages/auth";

describe("a link's lifetime: one number, one text", () => {
  it("says each lifetime in Finnish words", () => {
    expect(lifetimeWords(60 * 60 * 1000)).toBe("tunnin");
    expect(lifetimeWords(48 * 60 * 60 * 1000)).toBe("48 tuntia");
    expect(lifetimeWords(24 * 60 * 60 * 1000)).toBe("vuorokauden");
    expect(lifetimeWords(14 * 24 * 60 * 60 * 1000)).toBe("14 päivää");
  });

  it("tells the e-mail's lifetime and the dead link page's from the same numbers", () => {
    expect(linkValidity("set_password")).toBe(`Linkki on voimassa ${lifetimeWords(LINK_LIFETIME_MS.set_password)}, ja sen voi käyttää kerran.`);
    expect(linkValidity("set_password")).toContain("14 päivää");
    expect(linkValidity("reset_password")).toContain("tunnin");
    expect(deadPasswordLinkText()).toContain(`viimeistelylinkki ${lifetimeWords(LINK_LIFETIME_MS.set_password)}`);
    expect(deadPasswordLinkText()).toContain(`vaihtolinkki on voimassa ${lifetimeWords(LINK_LIFETIME_MS.reset_password)}`);
    expect(authMessages.resetRequested).toContain(lifetimeWords(LINK_LIFETIME_MS.reset_password));
  });
});

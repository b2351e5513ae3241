import { describe, expect, it } from "vitest";
import { DEMO_SERVICE_CATEGORIES } from "~/db/seed.server";
import { SERVICE_OPTIONS } from "~/schemas/caregiver-registration";

// The services customers can book (the seeded categories) and what a helper applying can offer
// are two lists; they must not drift apart again ('Kevyet pihatyöt' was once missing).

describe("service lists", () => {
  it("let a helper offer every service customers can book, under the same name", () => {
    const offered = new Map<string, string>(SERVICE_OPTIONS.map((option) => [option.value, option.label]));
    for (const category of DEMO_SERVICE_CATEGORIES) expect(offered.get(category.slug), category.slug).toBe(category.name);
    expect(offered.size).toBe(DEMO_SERVICE_CATEGORIES.length);
  });

  it("give each service an icon of its own", () => {
    const icons = DEMO_SERVICE_CATEGORIES.map((category) => category.icon);
    expect(new Set(icons).size).toBe(icons.length);
  });
});

import type { Page } from "@playwright/test";
import { expect, expectFitsViewport, expectNoAxeViolations } from "./test";

// Layout checks for narrow screens (issue 31): nothing wider than the screen, and no button that
// breaks a word it has room for ("Edelline/n", "Rekisteröi/dy").

/**
 * Fails naming each button, button-like link and <summary> whose label breaks inside a word
 * although the word would fit on one line of it. Each word of the label is measured with a Range:
 * a word drawn on more than one line box (more than one client rect) is broken; it is an offender
 * when its whole width is no more than the button's content width (a word longer than the button
 * itself may be hyphenated: there is nothing better to do with it).
 */
export async function expectNoMidWordBreaks(page: Page) {
  const offenders = await page.evaluate(() => {
    const looksLikeButton = (element: Element) => {
      const tag = element.tagName.toLowerCase();
      if (tag === "button" || tag === "summary" || element.getAttribute("role") === "button") return true;
      if (tag !== "a") return false;
      // A link drawn as a button: a box of its own with a ground or a frame.
      const style = getComputedStyle(element);
      const boxed = style.display !== "inline";
      const ground = style.backgroundColor !== "rgba(0, 0, 0, 0)" && style.backgroundColor !== "transparent";
      const frame = parseFloat(style.borderTopWidth) >= 1 && parseFloat(style.borderLeftWidth) >= 1;
      return boxed && (ground || frame);
    };
    const found: string[] = [];
    const candidates = [...document.querySelectorAll("button, summary, a, [role=button]")].filter(looksLikeButton);
    for (const element of candidates) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const room = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || !parent.checkVisibility({ visibilityProperty: true })) continue;
        const text = node.data;
        // A line may break after a dash or a slash ("10.00–/12.00"): that is wrapping, not a broken
        // word, so each part up to one is measured on its own.
        for (const match of text.matchAll(/[^\s\-–—/]+[-–—/]?|[-–—/]/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // One rect per line box the word is drawn on (zero-width rects are line-end artefacts).
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5);
          const lines = new Set(rects.map((rect) => Math.round(rect.top)));
          if (lines.size <= 1) continue;
          const width = rects.reduce((sum, rect) => sum + rect.width, 0);
          if (width <= room + 0.5) {
            const label = (element.textContent ?? "").replace(/\s+/g, " ").trim();
            found.push(`"${match[0].replace(/\u00ad/g, "")}" in ${element.tagName.toLowerCase()} "${label.slice(0, 60)}" (${Math.round(width)} px word, ${Math.round(room)} px room)`);
          }
        }
      }
    }
    return found;
  });
  // Soft: one run names every offender of every page.
  expect.soft(offenders, `${page.url()}: buttons that break a word they have room for`).toEqual([]);
}

/** Width and words always; axe only when asked (one page of each kind: axe is slow). */
export async function checkNarrowPage(page: Page, options: { axe?: boolean } = {}) {
  if (options.axe) await expectNoAxeViolations(page);
  else await expectFitsViewport(page);
  await expectNoMidWordBreaks(page);
}

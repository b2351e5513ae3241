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

/**
 * The same for text outside buttons (issue 31 item 5: "Tilausnu/mero" in a list's label, a lone "!"
 * under a heading): fails naming each word of a heading, label, value or paragraph that is drawn on
 * two lines, broken without a hyphen, although it would fit on one line of the box it belongs to.
 * That box is the nearest block that is not squeezed by its neighbours: a flex or grid item, a
 * table cell or an inline box is measured by its container instead (a grid's label column shrunk
 * below its word is exactly the fault). A line may break at a space, a dash, a slash or a soft
 * hyphen (drawn as a hyphen); a word wider than its whole box may break anywhere, and so may every
 * piece of a token (the text between spaces) wider than its box (an e-mail address, a link). Text in buttons is judged by expectNoMidWordBreaks.
 */
export async function expectNoBrokenWords(page: Page) {
  const offenders = await page.evaluate(() => {
    const contentWidth = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
    };
    // Boxes whose width their neighbours decide: inline boxes, table parts, the items of a row of
    // flex items, and of a grid with more than one column.
    const squeezable = (element: Element) => {
      const display = getComputedStyle(element).display;
      if (display.startsWith("inline") || display === "contents" || display.startsWith("table")) return true;
      const container = element.parentElement ? getComputedStyle(element.parentElement) : null;
      if (!container) return false;
      if (/flex/.test(container.display)) return container.flexDirection.startsWith("row");
      if (/grid/.test(container.display)) return container.gridTemplateColumns.trim().split(/\s+/).length > 1;
      return false;
    };
    // Less what a row that does not wrap gives its rigid neighbours (an icon beside an address).
    const roomOf = (element: Element) => {
      let box: Element | null = element;
      let taken = 0;
      while (box && box !== document.body && squeezable(box)) {
        const container = box.parentElement ? getComputedStyle(box.parentElement) : null;
        if (container && /flex/.test(container.display) && container.flexDirection.startsWith("row") && container.flexWrap === "nowrap") {
          for (const sibling of box.parentElement!.children) {
            if (sibling === box || getComputedStyle(sibling).flexShrink !== "0" || !sibling.checkVisibility()) continue;
            taken += sibling.getBoundingClientRect().width + (parseFloat(container.columnGap) || 0);
          }
        }
        box = box.parentElement;
      }
      return (box && box !== document.body ? contentWidth(box) : document.documentElement.clientWidth) - taken;
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || !/\S/.test(node.data)) continue;
      if (parent.closest("button, summary, [role=button], script, style, .sr-only, [hidden]")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      let room: number | null = null;
      for (const match of node.data.matchAll(/[^\s\-–—/\u00ad]+[-–—/\u00ad]?|[-–—/\u00ad]/g)) {
        if (match[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        // Broken when its first and its last letter are on different lines (the whole word's
        // rects also hold the hyphen drawn for a soft hyphen just before it, on the line above).
        const letters = match[0].replace(/[-–—/\u00ad]$/, "").length;
        const lineOf = (offset: number) => {
          const letter = document.createRange();
          letter.setStart(node, match.index + offset);
          letter.setEnd(node, match.index + offset + 1);
          // The letter's own rect is its last (a letter after a soft hyphen also owns the hyphen
          // drawn at the end of the line above).
          const rect = [...letter.getClientRects()].filter((r) => r.width > 0.5).at(-1);
          return rect ? Math.round(rect.top + rect.height / 2) : null;
        };
        const first = lineOf(0);
        const last = lineOf(letters - 1);
        if (first === null || last === null || Math.abs(first - last) < 2) continue;
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5);
        room ??= roomOf(parent);
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        // A piece of a longer token (a link's address with dashes in it) may break anywhere when
        // the whole token, up to the spaces around it, is wider than its box.
        const before = node.data.slice(0, match.index).search(/\S+$/);
        const after = node.data.slice(match.index).search(/\s/);
        const token = document.createRange();
        token.setStart(node, before === -1 ? match.index : before);
        token.setEnd(node, after === -1 ? node.data.length : match.index + after);
        const tokenWidth = [...token.getClientRects()].filter((rect) => rect.width > 0.5).reduce((sum, rect) => sum + rect.width, 0);
        // A pixel's margin: rects are rounded, and a word that only just fits may be broken.
        if (width + 1 < room && tokenWidth <= room) {
          const where = (parent.closest("h1, h2, h3, h4, h5, h6, legend, label, dt, dd, th, td, li, p, a") ?? parent).tagName.toLowerCase();
          found.push(`"${match[0].replace(/\u00ad/g, "")}" in ${where} "${(parent.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60)}" (${Math.round(width)} px word, ${Math.round(room)} px room)`);
        }
      }
    }
    return found.slice(0, 20);
  });
  expect.soft(offenders, `${page.url()}: words broken across lines although they fit`).toEqual([]);
}

/** Width and words always; axe only when asked (one page of each kind: axe is slow). */
export async function checkNarrowPage(page: Page, options: { axe?: boolean } = {}) {
  if (options.axe) await expectNoAxeViolations(page);
  else await expectFitsViewport(page);
  await expectNoMidWordBreaks(page);
  await expectNoBrokenWords(page);
}

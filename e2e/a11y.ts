/// <reference lib="dom" />
// Accessibility checks shared by every end-to-end spec: WCAG 2.2 A/AA by axe-core, no horizontal scrolling
// (reflow), and a settled page before either. `test` from ./fixtures also audits each test's last screen.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The standard held: WCAG 2.2 levels A and AA (axe tags every rule with the version that introduced it). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
/** Impacts that fail a test. Moderate and minor findings are left to review. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/**
 * Waits until nothing has been fading or moving for two looks 100 ms apart (entrances, dialogs, a toast that
 * arrives a moment later), at most 3 s: colours mid-fade are not the page's.
 */
export async function waitForSettledPage(page: Page) {
  await page.evaluate(async () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const deadline = Date.now() + 3_000;
    for (let quiet = 0; quiet < 2 && Date.now() < deadline; ) {
      const moving = document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
      if (moving.length === 0) {
        quiet += 1;
        await sleep(100);
      } else {
        quiet = 0;
        await Promise.race([Promise.allSettled(moving.map((a) => a.finished)), sleep(1_000)]);
      }
    }
  });
}

/**
 * Runs axe (WCAG 2.2 A/AA) on the page, or only inside `include` (a CSS selector or a locator's element, e.g. a
 * dialog), and fails listing every serious or critical violation with the elements it found.
 */
export async function expectNoA11yViolations(page: Page, options: { include?: string | Locator; label?: string } = {}) {
  await waitForSettledPage(page);
  const before = options.include ? undefined : await screenOf(page);
  // A toast on its way out, or hidden behind the one shown (one visible at a time), fades while axe reads
  // it: its mid-fade colours are not what anyone reads.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude('[data-sonner-toast][data-removed="true"], [data-sonner-toast][data-visible="false"]');
  if (options.include) builder = builder.include(typeof options.include === "string" ? options.include : await selectorOf(options.include));
  const { violations } = await builder.analyze();
  const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  const report = failing.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ")}`)
        .join("\n"),
  );
  const where = options.label ?? new URL(page.url()).pathname;
  expect(report, `axe WCAG 2.2 A/AA violations on ${where}:\n${report.join("\n")}`).toEqual([]);
  if (before !== undefined) audited.set(page, before);
}

/** The whole screen a page shows (address, window size, document): the same again means nothing new to audit. */
const screenOf = (page: Page) => page.evaluate(() => `${location.href} ${innerWidth}x${innerHeight} ${document.documentElement.outerHTML}`);
/** Each page's last screen audited whole and passed. */
const audited = new WeakMap<Page, string>();

/**
 * The audit of a test's last screen (fixtures.ts), unless the test has just audited that very screen, unchanged
 * (a spec whose last step is its own audit).
 */
export async function expectLastScreenAccessible(page: Page, label: string) {
  await waitForSettledPage(page);
  if (audited.get(page) === (await screenOf(page))) return;
  await expectNoA11yViolations(page, { label });
}

/** A locator's element as a CSS selector axe can take (marks it with a data attribute). */
async function selectorOf(locator: Locator) {
  const mark = `a11y-${Math.random().toString(36).slice(2, 8)}`;
  await locator.evaluate((el, m) => el.setAttribute("data-a11y-scope", m), mark);
  return `[data-a11y-scope="${mark}"]`;
}

/**
 * WCAG 1.4.10 Reflow: nothing scrolls sideways and nothing sticks out of the viewport, except inside its own
 * scrolling or clipping box (data tables scroll on their own, which the rule allows).
 */
export async function expectNoHorizontalScroll(page: Page) {
  await waitForSettledPage(page);
  const found = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.left >= -1 && r.right <= vw + 1)) continue;
      let boxed = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") {
          boxed = true;
          break;
        }
      }
      if (!boxed) outside.push(`<${el.tagName.toLowerCase()} class="${String(el.getAttribute("class")).slice(0, 80)}"> spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, vw, outside: outside.slice(0, 8) };
  });
  expect(found.outside, `elements outside the ${found.vw} px viewport`).toEqual([]);
  expect(found.scrollWidth, "page scrolls sideways").toBeLessThanOrEqual(found.vw);
}

/** The focused element's accessible description for messages, and whether its focus is visible. */
export async function focusedInfo(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: "", visible: false, tag: "body", style: "" };
    // A visually hidden control (a file input) shows its focus on its label.
    const box = el.getBoundingClientRect();
    const shown = box.width <= 1 && box.height <= 1 && (el as HTMLInputElement).labels?.[0] ? (el as HTMLInputElement).labels![0]! : el;
    const s = getComputedStyle(shown);
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== "none";
    const name = (el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).labels?.[0]?.textContent || "").trim();
    return { name, visible: outline || ring, tag: el.tagName.toLowerCase(), style: `${s.outlineStyle} ${s.outlineWidth} ${s.boxShadow} fv=${el.matches(":focus-visible")}` };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus; every stop on the way must show its focus. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  if (await target.evaluate((el) => el === document.activeElement)) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const info = await focusedInfo(page);
    expect(info.visible, `focus is visible on <${info.tag}> "${info.name}" (${info.style})`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** What recordAnnouncements should have heard, in order: one announcement containing each sentence. */
export const saying = (...sentences: string[]) => sentences.map((s) => expect.stringContaining(s));

/** Records the words a live region gains: each inserted text or changed text is one announcement. */
export async function recordAnnouncements(region: Locator) {
  await region.evaluate((el) => {
    const said: string[] = [];
    (el as HTMLElement & { said?: string[] }).said = said;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "characterData") said.push((r.target.textContent ?? "").trim());
        for (const n of Array.from(r.addedNodes)) if (n.textContent?.trim()) said.push(n.textContent.trim());
      }
    }).observe(el, { subtree: true, childList: true, characterData: true });
  });
  return () => region.evaluate((el) => [...((el as HTMLElement & { said?: string[] }).said ?? [])].filter(Boolean));
}

import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { transitionsEnded } from './support';

/** The WCAG 2.2 AA rule tags every spec checks (docs/architecture.md, Standards). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core on a page, cheaply (issue #31). `AxeBuilder.analyze()` from @axe-core/playwright
 * evaluates axe's 550 kB source in the page on every call (twice in its legacy mode), and in its
 * default mode also opens a new tab, evaluates the source there again and merges the results in
 * it: most of what a check cost in e2e/accessibility.spec.ts, which checks ~80 screens (every spec that runs axe uses this). Here axe is
 * loaded once per document (and per frame), configured as AxeBuilder configures it for one origin,
 * and `axe.run` checks the page in place: the same engine, rules and violations, without the
 * cross-origin frame support the app does not need (it has no frames of another origin).
 * It first waits for the page's transitions to end (a dialog fading in has every text at low
 * contrast): AxeBuilder's slowness used to hide that wait.
 */
export async function runAxe(page: Page, tags: string[], include?: string): Promise<axe.AxeResults> {
  await transitionsEnded(page);
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (loaded) continue;
    await frame.evaluate(axe.source);
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  }
  return page.evaluate(
    ({ tags, include }) =>
      (window as unknown as { axe: typeof axe }).axe.run(include ? { include: [include], exclude: [] } : document, {
        runOnly: { type: 'tag', values: tags },
        // Every rule still checks every element; only the violations are reported in full (the
        // passes and the rest keep one element each), which is all the specs read.
        resultTypes: ['violations'],
      }),
    { tags, include },
  );
}

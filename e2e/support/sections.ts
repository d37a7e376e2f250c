// The sidebar's sections as the sections specs find them (sections.spec.ts, sections-drag.spec.ts).
import type { Locator, Page } from '@playwright/test'

/** The sidebar's section headed `name`. */
export function section(page: Page, name: string | RegExp): Locator {
  return page
    .locator('.sidebar-lists section')
    .filter({ has: page.locator('.section-toggle', { hasText: name }) })
}

export function headings(page: Page): Locator {
  return page.locator('.sidebar-lists .section-toggle')
}

export function link(scope: Page | Locator, name: string): Locator {
  // A filter's inner locator is the page's, taken relative to each link.
  const page = 'goto' in scope ? scope : scope.page()
  return scope
    .locator('.channel-link')
    .filter({ has: page.locator('.channel-name', { hasText: name }) })
}

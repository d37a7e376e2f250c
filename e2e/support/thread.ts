// The thread panel beside a channel, for the thread scenarios.
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { tr } from './i18n.ts'
import type { Language } from './i18n.ts'

/** The thread panel, named in the page's `language`. */
export function thread(page: Page, language: Language = 'en'): Locator {
  return page.getByRole('complementary', { name: tr(language, 'Thread'), exact: true })
}

/** Resolves once the open thread has caught up and is live. */
export async function threadLive(page: Page, language: Language = 'en'): Promise<void> {
  await expect(thread(page, language)).toHaveAttribute('data-status', 'live', { timeout: 30_000 })
}

// The thread panel beside a channel, for the thread scenarios.
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

export function thread(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Thread', exact: true })
}

/** Resolves once the open thread has caught up and is live. */
export async function threadLive(page: Page): Promise<void> {
  await expect(thread(page)).toHaveAttribute('data-status', 'live', { timeout: 30_000 })
}

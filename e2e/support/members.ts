// The channel's members panel: closed until opened (issue 67), then remembered on the device.
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

/** Opens the members panel if it is closed (the header's "Show members", a toggle), and gives it. */
export async function showMembers(page: Page): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: 'Channel members' })
  const toggle = page.getByRole('button', { name: 'Show members' })
  await expect(toggle).toBeVisible()
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(panel).toBeVisible()
  return panel
}

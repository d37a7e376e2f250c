// The prompt for desktop notifications (NotificationPrompt.tsx): a line under the sidebar's lists
// for a person whose browser has not been asked yet. axe finds nothing on it (light and dark) and
// it fits (support/layout-check.ts: no tofu, no overflow at 200 % zoom), in English and in Arabic
// (right to left); "Turn on" asks the browser, and once allowed the prompt goes; "Not now" puts it
// away. The whole browser (NOTIFYING_BROWSER): the headless shell the suite runs answers 'denied'
// before any question, so the prompt never shows there, nor to the accessibility tours.
import { expect, test } from './support/test.ts'
import { actor, waitLive } from './support/actors.ts'
import { AxeAudit } from './support/axe.ts'
import { BROWSER_LOCALE, loadCatalogs, tr } from './support/i18n.ts'
import type { Language } from './support/i18n.ts'
import { LayoutCheck } from './support/layout-check.ts'
import { NOTIFYING_BROWSER } from './support/notifications.ts'
import { inOwnWorkspace } from './support/workspace.ts'

test.use({ ...NOTIFYING_BROWSER })

test.beforeAll(loadCatalogs)

const ANSWERS = { en: 'Turn on', ar: 'Not now' } as const satisfies Partial<
  Record<Language, string>
>

for (const [language, answer] of Object.entries(ANSWERS) as [Language, string][]) {
  test(`the notifications prompt is clean and fits, and "${answer}" puts it away [${language}]`, async ({
    browser,
  }) => {
    const say = (english: string) => tr(language, english)
    const pia = await actor(browser, 'Pia', { locale: BROWSER_LOCALE[language] })
    await inOwnWorkspace(pia, `Prompt ${language} ${Date.now().toString(36)}`)
    await waitLive(pia.page)
    const prompt = pia.page.getByRole('region', { name: say('Desktop notifications') })
    await expect(prompt).toContainText(say('Get notified about mentions and direct messages.'))

    const audit = new AxeAudit()
    const layout = new LayoutCheck()
    await audit.checkThemes(pia.page, `notifications prompt [${language}]`)
    await layout.check(pia.page, `notifications prompt [${language}]`)
    audit.assertClean([])
    layout.assertClean()

    if (answer === 'Turn on') {
      // The browser's question, answered "Allow" (what granting the permission does).
      await pia.context.grantPermissions(['notifications'])
      await prompt.getByRole('button', { name: say('Turn on') }).click()
      await expect(prompt).toBeHidden()
      expect(await pia.page.evaluate(() => Notification.permission)).toBe('granted')
    } else {
      await prompt.getByRole('button', { name: say('Not now') }).click()
      await expect(prompt).toBeHidden()
      expect(await pia.page.evaluate(() => Notification.permission)).toBe('default')
    }
  })
}

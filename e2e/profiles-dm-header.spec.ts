// The DM header (issue 68): Bob opens a direct message with Ana and sees, under her name, her
// presence, her status with its words and her local time in her time zone (her browser is in
// Adelaide, his in New York: her profile took her browser's zone after her first screen, which
// her profile dialog shows). When her browser closes, she is offline for him at once; when her
// network goes away without closing her socket, he sees her offline once the server gives her
// up, and active again when she is back; when his own network goes, he is shown nobody online
// rather than what he last heard.
//
// Her network goes as a real one does (support/cuttable-network.ts, her browser's own network
// between it and the stack): nothing passes either way, not even the pongs to the server's pings,
// so the server gives her socket up at its liveness check (backend/src/realtime/socket/liveness.ts:
// 15 s without an answer), as it would a laptop's Wi-Fi gone. Chromium's offline mode
// (context.setOffline) still answers those pings below the page: she would leave only at
// Phoenix's idle timeout (60 s without a frame), the path a silent client that answers pings
// takes, which backend/test/realtime/presence.test.ts holds the server to ("removes a client
// whose heartbeats stopped", its timeout made short). This spec waited for that minute until
// 2026-11-29 (66 s in a whole run; that step now takes 14-16 s).
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { actor, waitLive } from './support/actors.ts'
import { CuttableNetwork } from './support/cuttable-network.ts'
import { twoInGeneral } from './support/workspace.ts'

const ANA_ZONE = 'Australia/Adelaide'

/** The time in `zone` now and a minute on, as the app writes it in English ("9:07 PM"). */
function localTimes(zone: string): RegExp {
  const at = (ms: number) =>
    new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
      Date.now() + ms
    )
  const times = [...new Set([at(0), at(60_000)])].map((s) => s.replace(/\s/g, '\\s'))
  return new RegExp(`^(${times.join('|')})\\slocal time$`)
}

async function openDmWith(page: Page, name: string) {
  await page.getByRole('button', { name: 'New direct message' }).click()
  const dialog = page.getByRole('dialog', { name: 'New direct message' })
  await dialog.getByLabel(name).check()
  await dialog.getByRole('button', { name: 'Open conversation' }).click()
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
  await waitLive(page)
}

// Ana's network, closed after the test.
let opened: CuttableNetwork | undefined
test.afterEach(async () => {
  await opened?.close()
})

test('the DM header shows the other person’s status, presence and local time, live', async ({
  browser,
}) => {
  const network = (opened = await CuttableNetwork.open())
  const ana = await actor(browser, 'Ana', { timezoneId: ANA_ZONE, proxy: network.proxy })
  const bob = await actor(browser, 'Bob', { timezoneId: 'America/New_York' })
  await twoInGeneral(ana, bob, `DM header ${Date.now().toString(36)}`)

  await test.step('Ana’s profile took her browser’s time zone; she sets a status', async () => {
    await ana.page.getByRole('button', { name: 'Your profile' }).click()
    const profile = ana.page.getByRole('dialog', { name: 'Your profile' })
    await expect(profile.getByRole('combobox', { name: 'Time zone' })).toContainText('(Adelaide)')
    await expect(profile.getByText('People see your local time from it.')).toBeVisible()
    await profile.getByRole('button', { name: 'Set a status' }).click()
    const status = ana.page.getByRole('dialog', { name: 'Set a status' })
    await status.getByRole('button', { name: '🤒 Out sick' }).click()
    await status.getByRole('button', { name: 'Save status' }).click()
    await expect(profile).toBeVisible()
    await ana.page.keyboard.press('Escape')
    await expect(profile).toBeHidden()
  })

  const about = bob.page.locator('.channel-header .dm-about')

  await test.step('Bob opens a DM with Ana: active, out sick, her local time', async () => {
    await openDmWith(bob.page, ana.name)
    await expect(about).toHaveAttribute('data-presence', 'active')
    await expect(about.locator('.dm-about-label')).toHaveText('Active')
    await expect(about.getByRole('img', { name: 'Status: Out sick' })).toBeVisible()
    await expect(about.locator('.status-text')).toHaveText('Out sick')
    const time = about.locator('.dm-about-time')
    await expect(time).toHaveText(localTimes(ANA_ZONE))
    await expect(time).toHaveAttribute('title', ANA_ZONE)
  })

  await test.step('Ana’s network goes without a word: offline for Bob, then back', async () => {
    network.cut()
    // Her socket stays open but answers nothing: the server cuts it off at its liveness check.
    await expect(about).toHaveAttribute('data-presence', 'offline', { timeout: 30_000 })
    await expect(about.locator('.dm-about-label')).toHaveText('Offline')
    await expect(about.locator('.presence-dot')).not.toHaveClass(/online/)
    // Her status and local time do not depend on her being there.
    await expect(about.locator('.status-text')).toHaveText('Out sick')
    network.restore()
    await expect(about).toHaveAttribute('data-presence', 'active', { timeout: 30_000 })
  })

  await test.step('Bob’s own network goes: he is not shown what he last heard', async () => {
    await bob.context.setOffline(true)
    await expect(about).toHaveAttribute('data-presence', 'offline')
    await bob.context.setOffline(false)
    await expect(about).toHaveAttribute('data-presence', 'active', { timeout: 30_000 })
  })

  await test.step('Ana’s browser closes: offline for Bob', async () => {
    await ana.context.close()
    await expect(about).toHaveAttribute('data-presence', 'offline', { timeout: 10_000 })
  })
})

// `npm start` still works: the development stack (demo keys, the demo seed, the local inbox) as
// a developer gets it, run in the `local` arrangement only (E2E_ARRANGEMENT=local, the third run
// of `npm run test -w e2e`; playwright.config.ts leaves @smoke out of every other arrangement,
// whose stacks have no seed). Alice and Bob of the seed sign in with the demo password through
// the form, open #random of "Chorus Demo" and chat live both ways.
import { expect, test } from './support/test.ts'
import type { Browser } from '@playwright/test'
import { messageWith, send, signIn, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'

/** A person of supabase/seed.sql (password "chorus-demo" for all). */
async function demoPerson(browser: Browser, first: string): Promise<Actor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  return {
    name: first,
    email: `${first.toLowerCase()}@example.com`,
    password: 'chorus-demo',
    context,
    page: await context.newPage(),
  }
}

test('demo sign-in: two people of the seed chat live', { tag: '@smoke' }, async ({ browser }) => {
  const alice = await demoPerson(browser, 'Alice')
  const bob = await demoPerson(browser, 'Bob')
  const stamp = Date.now().toString(36)
  for (const person of [alice, bob]) {
    await signIn(person)
    const random = person.page.locator('a[data-channel-id]', { hasText: 'random' })
    await expect(random).toBeVisible()
    await random.click()
    await expect(
      person.page.getByRole('heading', { level: 2, name: 'random', exact: true })
    ).toBeVisible()
    await waitLive(person.page)
  }
  await send(alice.page, `Smoke test ${stamp}: hi Bob`)
  await expect(messageWith(bob.page, `Smoke test ${stamp}: hi Bob`)).toBeVisible()
  await send(bob.page, `Smoke test ${stamp}: hi Alice`)
  await expect(messageWith(alice.page, `Smoke test ${stamp}: hi Alice`)).toBeVisible()
})

// A new workspace's start (issue 68): a person signs up and creates a workspace, which has
// #general and #random, and the first steps at the sidebar's foot; making a channel and an invite
// link from it ticks those two off without a reload; hidden with its ×, it stays hidden after a
// reload (kept on the account: the server says so).
import { expect, test } from './support/test.ts'
import { actor, signUpByApi } from './support/actors.ts'
import { createWorkspace } from './support/workspace.ts'

test('a new workspace has #general, #random and first steps that tick themselves off', async ({
  browser,
}) => {
  const nora = await actor(browser, 'Nora')
  const page = nora.page
  const workspace = `Start ${Date.now().toString(36)}`
  await signUpByApi(nora)
  await createWorkspace(nora, workspace)

  const sidebar = page.getByRole('complementary', { name: `${workspace} sidebar` })
  const steps = sidebar.getByRole('region', { name: 'First steps' })
  const progress = steps.getByRole('progressbar')
  const step = (name: string, done: boolean) =>
    steps.getByRole('button', { name: `${name} ${done ? '(done)' : '(to do)'}`, exact: true })

  await test.step('#general and #random, and four steps to do', async () => {
    for (const name of ['general', 'random']) {
      await expect(sidebar.locator('a[data-channel-id]', { hasText: name })).toBeVisible()
    }
    await expect(steps).toBeVisible()
    await expect(steps.getByRole('listitem')).toHaveCount(4)
    for (const name of [
      'Invite your team',
      'Create your first channel',
      'Choose how you get notified',
      'Install Chorus on your phone',
    ]) {
      await expect(step(name, false)).toBeVisible()
    }
    await expect(progress).toHaveAttribute('aria-valuenow', '0')
  })

  await test.step('#random is joined, with its topic', async () => {
    await sidebar.locator('a[data-channel-id]', { hasText: 'random' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'random', exact: true })).toBeVisible()
    await expect(page.getByText('Non-work banter and water cooler conversation')).toBeVisible()
  })

  await test.step('a channel made from the list ticks it off', async () => {
    await step('Create your first channel', false).click()
    const dialog = page.getByRole('dialog', { name: 'Create a channel' })
    await dialog.getByLabel('Name').fill('launch')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'launch', exact: true })).toBeVisible()
    await expect(step('Create your first channel', true)).toBeVisible()
    await expect(progress).toHaveAttribute('aria-valuenow', '1')
  })

  await test.step('an invite link made from the list ticks "Invite your team" off', async () => {
    await step('Invite your team', false).click()
    const dialog = page.getByRole('dialog', { name: `Invite people to ${workspace}` })
    await dialog.getByRole('button', { name: 'Create invite link' }).click()
    await expect(dialog.getByLabel('Invite link')).toHaveValue(/\/invite\//)
    await expect(step('Invite your team', true)).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(progress).toHaveAttribute('aria-valuenow', '2')
    await expect(step('Choose how you get notified', false)).toBeVisible()
  })

  await test.step('the install step says how', async () => {
    await step('Install Chorus on your phone', false).click()
    const dialog = page.getByRole('dialog', { name: 'Install Chorus on your phone' })
    await expect(dialog.getByText(/“Add to Home Screen”\./)).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
  })

  await test.step('hidden, it stays hidden after a reload', async () => {
    await steps.getByRole('button', { name: 'Hide first steps' }).click()
    await expect(steps).toBeHidden()
    // The reloaded page's question only: the list asked again on hiding, and that answer may
    // come while the reload starts (its body then gone with the page that asked).
    let reloaded = false
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true
    })
    const asked = page.waitForResponse(
      (r) => reloaded && r.url().includes('/rest/v1/rpc/first_steps')
    )
    await page.reload()
    await expect(page.getByRole('heading', { level: 2, name: 'launch', exact: true })).toBeVisible()
    // The list asks the server after the first screen: it answers "dismissed", and none shows.
    const answer = (await (await asked).json()) as { dismissed: boolean }[]
    expect(answer).toMatchObject([{ dismissed: true, invited: true, channel: true }])
    await expect(sidebar.getByRole('region', { name: 'First steps' })).toHaveCount(0)
    await expect(sidebar.locator('a[data-channel-id]', { hasText: 'random' })).toBeVisible()
  })
})

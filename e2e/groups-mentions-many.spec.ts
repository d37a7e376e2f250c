// @here and @channel with two people online and one offline: Ana and Ben have Chorus open (each
// tab tells the server it is active), Cid joined the workspace without ever opening it. Ana's
// "@here" counts as a mention for Ben (his sidebar's badge shows it live) and not for Cid; her
// "@channel" then counts for both, after she confirms the question the composer asks above the
// threshold she set; a group she makes of Cid is offered by the composer, reaches Cid, and shows
// in the members panel. The composer offers @here with what it does; the message shows it as a
// mention.
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith } from './support/actors.ts'
import { createConfirmedUser } from './support/accounts-api.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { showMembers } from './support/members.ts'
import { createInviteLink, twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'

/** Cid: an account that joins by the invite link through the API, and never opens Chorus. */
async function offlineMember(link: string): Promise<SupabaseClient> {
  const cid = {
    name: 'Cid',
    email: `cid.${randomUUID().slice(0, 8)}@example.test`,
    password: `pw-${randomUUID()}`,
  }
  await createConfirmedUser(cid)
  const config = (await (await fetch(appUrl('/config.json'))).json()) as { supabaseKey: string }
  const client = createClient(apiUrl(), config.supabaseKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  })
  const signedIn = await client.auth.signInWithPassword(cid)
  expect(signedIn.error).toBeNull()
  const token = new URL(link).pathname.split('/').pop()!
  const joined = await client.rpc('accept_invite', { p_token: token })
  expect(joined.error).toBeNull()
  return client
}

/** Cid's mentions in #general, as his sidebar would count them. */
async function mentionsOf(client: SupabaseClient, workspaceId: string): Promise<number> {
  const { data, error } = await client.rpc('channel_list', { p_workspace_id: workspaceId })
  expect(error).toBeNull()
  const general = (data as { is_default: boolean; mention_count: number }[]).find(
    (c) => c.is_default
  )
  return Number(general!.mention_count)
}

/** The people the server takes as active in the workspace now (the service key reads them). */
async function activeCount(workspaceId: string): Promise<number> {
  const admin = createClient(apiUrl(), process.env.CHORUS_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  })
  const { count, error } = await admin
    .from('user_activity')
    .select('user_id', { count: 'exact', head: true })
    .eq('workspace_id', workspaceId)
    .gt('active_at', new Date(Date.now() - 60_000).toISOString())
  expect(error).toBeNull()
  return count ?? 0
}

test('@here notifies the two people online and not the one offline; @channel notifies all', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Many ${Date.now().toString(36)}`)
  const workspaceId = new URL(ana.page.url()).pathname.split('/')[2]!
  const cid = await offlineMember(await createInviteLink(ana.page))

  // Ben looks at his threads, so #general's mentions show in his sidebar.
  await ben.page.getByRole('link', { name: /^Threads/ }).click()
  const bensGeneral = ben.page.locator('a.channel-link', { hasText: 'general' })
  await expect.poll(() => activeCount(workspaceId), { timeout: 30_000 }).toBe(2)

  await test.step('Ana writes @here, picked from the composer', async () => {
    const box = composer(ana.page)
    await box.fill('lunch @he')
    const option = ana.page.getByRole('option', { name: /^here/ })
    await expect(option).toContainText('everyone active in this channel')
    await box.press('Enter')
    await expect(box).toHaveValue('lunch @here ')
    await box.pressSequentially('anyone?')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    const mention = messageWith(ana.page, 'anyone?').locator('[data-broadcast="here"]')
    await expect(mention).toHaveText('@here')
  })

  await test.step('Ben, online, has it as a mention, live; Cid, offline, does not', async () => {
    await expect(bensGeneral).toHaveAccessibleName(/1 unread/)
    await expect(bensGeneral.locator('.badge-mention')).toHaveText('1')
    expect(await mentionsOf(cid, workspaceId)).toBe(0)
  })

  await test.step('Ana asks first above one person, and makes a group of Cid', async () => {
    await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
    await ana.page.getByRole('menu').getByRole('menuitem', { name: 'Groups' }).click()
    const dialog = ana.page.getByRole('dialog', { name: 'Groups' })
    const ask = dialog.getByRole('combobox', { name: 'Ask before a mention notifies more than' })
    await choose(ask, '1 person')
    await expect(ask).toHaveText('1 person')
    await dialog.getByLabel('Handle').fill('crew')
    await dialog.getByLabel('Name', { exact: true }).fill('Night crew')
    await dialog.getByRole('checkbox', { name: 'Cid' }).check()
    await dialog.getByRole('button', { name: 'Create group' }).click()
    await expect(dialog.getByRole('list', { name: 'Groups' })).toContainText('@crew')
    await dialog.getByRole('button', { name: 'Close' }).click()
  })

  await test.step('@channel reaches Cid too, once Ana confirms notifying 2 people', async () => {
    const box = composer(ana.page)
    await box.fill('@channel the office is closed tomorrow')
    await box.press('Enter')
    const question = ana.page.getByRole('alertdialog')
    await expect(question).toContainText('This will notify 2 people in #general. Send it?')
    await expect(box).toHaveValue('@channel the office is closed tomorrow')
    await question.getByRole('button', { name: 'Send now' }).click()
    await expect(box).toHaveValue('')
    await expect(question).toHaveCount(0)
    await expect(bensGeneral).toHaveAccessibleName(/2 unread/)
    await expect(bensGeneral.locator('.badge-mention')).toHaveText('2')
    await expect.poll(() => mentionsOf(cid, workspaceId)).toBe(1)
  })

  await test.step('scheduling it asks the same, in a dialog: "Schedule it?"', async () => {
    const box = composer(ana.page)
    await box.fill('@channel stand-up moves to 10')
    await ana.page.getByRole('button', { name: 'Schedule message' }).click()
    await ana.page.getByRole('menuitem', { name: 'In 1 hour' }).click()
    const asked = ana.page.getByRole('dialog', { name: 'Schedule message' })
    await expect(asked).toContainText(
      'When it is sent, this will notify 2 people in #general. Schedule it?'
    )
    await expect(asked.getByRole('button', { name: 'Schedule', exact: true })).toBeFocused()
    await asked.getByRole('button', { name: 'Edit message' }).click()
    await expect(asked).toHaveCount(0)
    await expect(box).toHaveValue('@channel stand-up moves to 10')
    await ana.page.getByRole('button', { name: 'Schedule message' }).click()
    await ana.page.getByRole('menuitem', { name: 'In 1 hour' }).click()
    await asked.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(box).toHaveValue('')
    await expect(ana.page.getByText(/^Scheduled for /)).toBeVisible()
  })

  await test.step('the group is offered, reaches only Cid, and shows in the members panel', async () => {
    const box = composer(ana.page)
    // The whole handle: a person's name (its random tag) may start with fewer letters of it.
    await box.fill('ask @crew')
    await expect(ana.page.getByRole('option', { name: /^crew/ })).toContainText(
      'Night crew · 1 person'
    )
    await box.press('Enter')
    await expect(box).toHaveValue('ask @crew ')
    await box.pressSequentially('to lock up')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    await expect(messageWith(ana.page, 'to lock up').locator('.mention')).toHaveText('@crew')
    await expect.poll(() => mentionsOf(cid, workspaceId)).toBe(2)
    await expect(bensGeneral).toHaveAccessibleName(/3 unread/)
    await expect(bensGeneral.locator('.badge-mention')).toHaveText('2')
    // The members panel shows the channel's groups (closed until opened).
    const groups = (await showMembers(ana.page)).getByRole('region', {
      name: 'Groups in this channel',
    })
    await expect(groups).toContainText('@crew')
    await expect(groups).toContainText('Night crew · 1 of 1 here')
  })
})

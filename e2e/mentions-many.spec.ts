// @here and @channel with two people online and one offline: Ana and Ben have Chorus open (each
// tab tells the server it is active), Cid joined the workspace without ever opening it. Ana's
// "@here" counts as a mention for Ben (his sidebar shows it once it reads the list again: the open
// workspace's mention counts are not live yet) and not for Cid; her "@channel" then counts for
// both. The composer offers @here with what it does; the message shows it as a mention.
import { randomUUID } from 'node:crypto'
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import { expect, test } from './support/test.ts'
import { actor, composer, messageWith } from './support/actors.ts'
import { createConfirmedUser } from './support/accounts-api.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { createInviteLink, twoInGeneral } from './support/workspace.ts'

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

  await test.step('Ben, online, has it as a mention; Cid, offline, does not', async () => {
    await expect(bensGeneral).toHaveAccessibleName(/1 unread/)
    await ben.page.reload()
    await expect(bensGeneral.locator('.badge-mention')).toHaveText('1')
    expect(await mentionsOf(cid, workspaceId)).toBe(0)
  })

  await test.step('@channel reaches Cid too', async () => {
    const box = composer(ana.page)
    await box.fill('@channel the office is closed tomorrow')
    await box.press('Enter')
    await expect(box).toHaveValue('')
    await expect(bensGeneral).toHaveAccessibleName(/2 unread/)
    await ben.page.reload()
    await expect(bensGeneral.locator('.badge-mention')).toHaveText('2')
    await expect.poll(() => mentionsOf(cid, workspaceId)).toBe(1)
  })
})

// Every person, once (issue 72, item 1): in a workspace of 5,000 people, all in #general, the
// members list holds all 5,000 (scrolled to its end, the last by name is there), the composer's
// mention list and the new direct message's people picker find someone far past the API's row
// cap of 1,000, and each roster is asked for once per open: one request per page of 1,000
// (lib/rpc-all.ts's rpcAll), no page twice (a roster cut at 1,000 was asked for again when someone
// past the cut wrote, use-roster-follows-authors.ts). The people are bulk-inserted in SQL, as
// bench/app does.
import { expect, test } from './support/test.ts'
import { actor, composer, signUpByApi, waitLive } from './support/actors.ts'
import { withDatabase } from './support/database.ts'
import { showMembers } from './support/members.ts'
import { createWorkspace } from './support/workspace.ts'

const PEOPLE = 5000
/** Last by name, so row 4,999 of the rosters' order (lower(display_name), id). */
const LAST = 'Zelda Quokka'

test('5,000 people: every one in the members list, the mention list and the picker, each roster fetched once', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const ann = await actor(browser, 'Ann')
  const { page, context } = ann
  await signUpByApi(ann)
  const workspace = `Five thousand ${Date.now().toString(36)}`
  await createWorkspace(ann, workspace)
  // Opened once, the panel stays open on this device (after the open below too).
  await showMembers(page)
  const workspaceUrl = page.url()
  // Away while the 5,000 join: a page open in the workspace would hear each join live and ask
  // for the rosters again, work this test is not about (and the longest part of it on a busy
  // machine).
  await page.goto('about:blank')
  await withDatabase(async (sql) => {
    const [ws] = await sql<{ id: string }[]>`
      select id from public.workspaces where name = ${workspace}`
    const ids = await sql<{ id: string }[]>`
      insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
      select gen_random_uuid(), 'authenticated', 'authenticated',
        'p' || n || '.' || ${ws!.id} || '@example.test', now(),
        jsonb_build_object('display_name',
          case when n = ${PEOPLE - 1} then ${LAST} else 'Person ' || lpad(n::text, 4, '0') end)
      from generate_series(1, ${PEOPLE - 1}) as n
      returning id`
    const people = ids.map((r) => r.id)
    await sql`
      insert into public.workspace_members (workspace_id, user_id)
      select ${ws!.id}, unnest(${people}::uuid[])`
    await sql`
      insert into public.channel_members (channel_id, workspace_id, user_id)
      select c.id, c.workspace_id, p
      from public.channels c, unnest(${people}::uuid[]) as p
      where c.workspace_id = ${ws!.id} and c.is_default
      on conflict (channel_id, user_id) do nothing`
  })

  // What the open asks for, read from the opened document's own record of its requests
  // (Resource Timing): one entry per call the app made and the server answered, however the
  // browser's network stack carried it (an attempt it repeats on a fresh connection, when a
  // kept-alive one closes under it, is not the app asking twice). A document's record holds its
  // own requests only, whenever Playwright hears of them and of the navigation. (Counting the
  // requests Playwright reported from a reload on counted one of the old page's; counting
  // those reported after the main frame navigated missed one of the new page's: each once, on a
  // loaded machine.) The record holds 250 entries unless told.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000))
  await page.goto(workspaceUrl)
  const panel = page.getByRole('complementary', { name: 'Channel members' })
  await expect(panel.getByRole('heading', { name: `Members (${PEOPLE})` })).toBeVisible({
    timeout: 30_000,
  })
  await waitLive(page)

  await test.step('the members list, scrolled to its end, holds all 5,000', async () => {
    const rows = panel.locator('li[data-user-id]')
    await expect
      .poll(
        async () => {
          await panel.evaluate((el) => el.scrollTo(0, el.scrollHeight))
          return rows.count()
        },
        { timeout: 150_000, intervals: [50] }
      )
      .toBe(PEOPLE)
    await rows.last().scrollIntoViewIfNeeded()
    await expect(rows.last()).toContainText(LAST)
    await expect(rows.last()).toBeInViewport()
  })

  await test.step('the mention list finds someone past row 1,000', async () => {
    const box = composer(page)
    await box.fill('@quok')
    await expect(page.getByRole('option', { name: LAST })).toBeVisible()
    await box.fill('@Person 4321')
    await expect(page.getByRole('option', { name: 'Person 4321' })).toBeVisible()
    await box.fill('')
  })

  await test.step('the people picker finds them too', async () => {
    await page.getByRole('button', { name: 'New direct message' }).click()
    const dialog = page.getByRole('dialog', { name: 'New direct message' })
    await dialog.getByPlaceholder('Filter by name').fill('quok')
    await expect(dialog.getByLabel(LAST)).toBeVisible()
    await page.keyboard.press('Escape')
  })

  await test.step('each roster and the channel list were asked for once', async () => {
    const urls = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name)
    )
    const asked = new Map<string, string[]>()
    for (const url of urls.map((u) => new URL(u))) {
      const fn = /\/rest\/v1\/rpc\/(\w+)$/.exec(url.pathname)?.[1]
      if (fn) asked.set(fn, [...(asked.get(fn) ?? []), url.searchParams.get('offset') ?? '0'])
    }
    const pages = ['0', '1000', '2000', '3000', '4000']
    expect(asked.get('workspace_roster')?.sort()).toEqual(pages)
    expect(asked.get('channel_roster')?.sort()).toEqual(pages)
    // The channel list, restored from the device, is asked for once the live topics are in
    // (what changed before their joins is in its answer; use-workspace-live.ts).
    expect(asked.get('channel_list')).toEqual(['0'])
  })
  await context.close()
})

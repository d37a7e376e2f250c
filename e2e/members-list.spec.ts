// A long members list is drawn a page (50) at a time, and the next page comes as the list's end
// nears the view of the panel that scrolls it, before it is in view, one page per approach
// (ui/show-more.tsx). 120 people are added to the workspace's #general in the database.
import { expect, test } from './support/test.ts'
import { actor, signUpByApi } from './support/actors.ts'
import { withDatabase } from './support/database.ts'
import { showMembers } from './support/members.ts'
import { createWorkspace } from './support/workspace.ts'

const ADDED = 120

test('the members list draws the next page as its end nears the view, a page at a time', async ({
  browser,
}) => {
  const ann = await actor(browser, 'Ann')
  const { page, context } = ann
  await signUpByApi(ann)
  const workspace = `Many members ${Date.now().toString(36)}`
  await createWorkspace(ann, workspace)
  // Opened once, the panel stays open on this device (after the reload below too).
  await showMembers(page)
  await withDatabase(async (sql) => {
    const [ws] = await sql<{ id: string }[]>`
      select id from public.workspaces where name = ${workspace}`
    const ids = await sql<{ id: string }[]>`
      insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data)
      select gen_random_uuid(), 'authenticated', 'authenticated',
        'member' || n || '.' || ${ws!.id} || '@example.test', now(),
        jsonb_build_object('display_name', 'Member ' || lpad(n::text, 3, '0'))
      from generate_series(1, ${ADDED}) as n
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
  await page.reload()
  const panel = page.getByRole('complementary', { name: 'Channel members' })
  await expect(panel.getByRole('heading', { name: `Members (${ADDED + 1})` })).toBeVisible()
  const rows = panel.locator('li[data-user-id]')
  const more = panel.locator('li.show-more button')
  await expect(rows).toHaveCount(50)
  await expect(more).toHaveText(`Show 50 more (${ADDED + 1 - 50} left)`)
  await expect(more).not.toBeInViewport()

  // Scrolled until the list's end is 100 px below the panel's bottom edge: out of view, but near.
  await panel.evaluate((el) => {
    const end = el.querySelector('li.show-more')!.getBoundingClientRect().top
    el.scrollTop += end - el.getBoundingClientRect().bottom - 100
  })
  await expect(rows).toHaveCount(100)
  await expect(more).toHaveText(`Show ${ADDED + 1 - 100} more (${ADDED + 1 - 100} left)`)
  // One page per approach: the end is far again. The new page's observer (ui/show-more.tsx)
  // gets its first notice in the frame after it starts watching, and a page it drew would be
  // rendered by the frame after that: three frames on, it has decided.
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
  })
  await expect(rows).toHaveCount(100)

  // Scrolled to the end: the rest.
  await rows.nth(99).scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(ADDED + 1)
  await expect(more).toHaveCount(0)
  await context.close()
})

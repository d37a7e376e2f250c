// No request per live event (issue 50, item 1): what Olga does reaches Pete's sidebar through
// the live events alone, which carry what it shows. Pete sits in #general while Olga makes #side
// (Pete not in it) and #news (she adds him), writes in both (a mention of Pete in #news), then in
// #general, which Pete reads (saved when he leaves it). His sidebar gains #news, its unread count
// and his mention, and his read position moves, all without his page asking for the channel list
// (channel_list, or the channel_members settings it reads with it), his workspaces
// (my_workspaces), the rail's badges or the messages to count mentions in: his requests are
// marking read, and, when Olga makes him an admin at the end, the one round that fetches his role.
// Nor does a message arriving render the rows already there again: React renders its row alone
// (support/react-renders.ts; before 2026-11-30 every row on screen, a dozen times a message).
import { expect, test } from './support/test.ts'
import type { Page, Request } from '@playwright/test'
import { actor, confirmedMessageWith, send, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'
import { choose } from './support/controls.ts'
import { rowsRendered, watchRowRenders } from './support/react-renders.ts'

/** The requests that refetch what a live event should have carried. */
const REFETCH =
  /\/rest\/v1\/(rpc\/(channel_list|my_workspaces|workspace_badges)|channel_members|messages)\b/

async function createChannel(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create a channel' }).click()
  const create = page.getByRole('dialog', { name: 'Create a channel' })
  await create.getByLabel('Name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
  await waitLive(page)
}

test('live events reach the sidebar without a refetch per event', async ({ browser }) => {
  const olga = await actor(browser, 'Olga')
  const pete = await actor(browser, 'Pete')
  await twoInGeneral(olga, pete, `Quiet ${Date.now().toString(36)}`)
  const o = olga.page
  const p = pete.page
  // Pete's page opens afresh: it shows what it kept, joins its topics (then fetches the list
  // once) and, a moment later, its notifier reads his memberships once (the hand-over).
  let handedOver = false
  const handOver = (request: Request) => {
    if (/\/rest\/v1\/channel_members\?.*channels/.test(decodeURIComponent(request.url())))
      handedOver = true
  }
  p.on('request', handOver)
  await watchRowRenders(pete.context)
  await p.reload()
  await waitLive(p)
  await expect.poll(() => handedOver).toBe(true)
  p.off('request', handOver)
  await p.waitForLoadState('networkidle')
  const refetches: string[] = []
  const reads: string[] = []
  const record = (request: Request) => {
    const url = new URL(request.url())
    if (REFETCH.test(url.pathname)) refetches.push(`${request.method()} ${url.pathname}`)
    if (url.pathname.endsWith('/rpc/mark_read')) reads.push(url.pathname)
  }
  p.on('request', record)

  await test.step('a new channel Pete is not in, and its messages: nothing on his side', async () => {
    await createChannel(o, 'side')
    await send(o, 'side chatter')
  })

  await test.step('Pete is added to #news: it shows in his sidebar from the event', async () => {
    await createChannel(o, 'news')
    await o.getByRole('button', { name: 'Add people to the channel' }).click()
    const add = o.getByRole('dialog', { name: /Add people/ })
    await add.getByLabel(pete.name).check()
    await add.getByRole('button', { name: 'Add' }).click()
    await expect(p.locator('a[data-channel-id]', { hasText: 'news' })).toBeVisible()
  })

  await test.step('a mention of Pete in #news: unread and mentioned in his sidebar', async () => {
    await send(o, `@${pete.name} news for you`)
    await expect(p.locator('a[data-channel-id]', { hasText: 'news' })).toHaveAttribute(
      'aria-label',
      'news, channel, 1 unread, 1 mention'
    )
  })

  const generalId = await p
    .locator('a[data-channel-id]', { hasText: 'general' })
    .getAttribute('data-channel-id')
  const generalMarks: string[] = []
  p.on('request', (r) => {
    if (
      r.url().endsWith('/rpc/mark_read') &&
      (r.postDataJSON() as { p_channel_id?: string } | null)?.p_channel_id === generalId
    )
      generalMarks.push(r.url())
  })

  await test.step('a message in #general, which Pete reads where he is', async () => {
    await o.locator('a[data-channel-id]', { hasText: 'general' }).click()
    await waitLive(o)
    await send(o, 'good morning')
    await expect(confirmedMessageWith(p, 'good morning')).toHaveAttribute('data-seq', /^\d+$/)
    await rowsRendered(p)
    await send(o, 'hello general')
    const hello = confirmedMessageWith(p, 'hello general')
    await expect(hello).toHaveAttribute('data-seq', /^\d+$/)
    // Read here at once (use-read-while-visible.ts: in a busy channel the read position is saved
    // when he leaves it or within minutes, not per message): his read position, as his sidebar
    // holds it, is the message.
    const general = p.locator('a[data-channel-id]', { hasText: 'general' })
    await expect(general).toHaveAttribute('data-read-seq', (await hello.getAttribute('data-seq'))!)
    await expect(general).toHaveAttribute('aria-label', 'general, channel')
    // Its row is rendered, however many times the list was (the message came, was read, his
    // sidebar changed); the one before it at most once: the bots' list, asked again when his page
    // first shows a message of Olga's (features/bots), may come back meanwhile and give every
    // row its markers anew. Before 2026-11-30 every row rendered again at each of the list's
    // dozen renders a message makes.
    const helloId = await hello.getAttribute('data-message-id')
    const morningId = await confirmedMessageWith(p, 'good morning').getAttribute('data-message-id')
    const rendered = await rowsRendered(p)
    expect(rendered).toContain(helloId)
    expect(rendered.filter((id) => id === morningId).length).toBeLessThanOrEqual(1)
    expect(rendered.filter((id) => id !== morningId && id !== helloId)).toEqual([])
  })

  await test.step('Pete reads #news: the count goes, from his own read coming back', async () => {
    const news = p.locator('a[data-channel-id]', { hasText: 'news' })
    const newsId = await news.getAttribute('data-channel-id')
    // His read of #news (not of #general, saved as he leaves it when he has not been yet).
    const marked = p.waitForRequest(
      (r) =>
        r.url().endsWith('/rpc/mark_read') &&
        (r.postDataJSON() as { p_channel_id?: string } | null)?.p_channel_id === newsId
    )
    await news.click()
    // By now what he read in #general is saved (at once, or as he left it).
    await expect.poll(() => generalMarks.length).toBeGreaterThan(0)
    await expect(confirmedMessageWith(p, 'news for you')).toBeVisible()
    await marked
    await p.locator('a[data-channel-id]', { hasText: 'general' }).click()
    await expect(p.locator('a[data-channel-id]', { hasText: 'news' })).toHaveAttribute(
      'aria-label',
      'news, channel'
    )
  })

  // What a live event does not carry is fetched again 250 ms after it, with whatever else is
  // waiting then, in one round (use-workspace-live.ts: the channel list first, his workspaces
  // after). A role is such a thing: the round that fetches Pete's new one is the signal that every
  // event before it has had its round, and it is the one refetch of his page.
  await test.step('Olga makes Pete an admin: one round fetches his workspaces, nothing else', async () => {
    const invite = p.getByRole('button', { name: 'Invite people' })
    await expect(invite).toHaveCount(0)
    await o.getByRole('button', { name: 'Workspace menu' }).click()
    await o.getByRole('menuitem', { name: /Members/ }).click()
    const members = o.getByRole('dialog', { name: 'Workspace members' })
    const role = members.getByRole('combobox', { name: `Role of ${pete.name}` })
    await choose(role, 'Admin')
    await expect(invite.first()).toBeVisible()
  })
  expect(reads.length).toBeGreaterThan(0)
  expect(refetches).toEqual(['POST /rest/v1/rpc/my_workspaces'])
})

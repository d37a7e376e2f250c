// What the thread measurements share (bench/app/thread.ts, and bench:app's thread figure): two
// threads under parents at the end of a channel, their replies inserted through the triggers
// (numbered per thread as the app's sends are), and opening one from its parent's summary.
import type { Page } from 'playwright-core'
import type { Sql } from 'postgres'
import { waitTrue, watchReadable } from './measure.ts'

/** "Big thread" with `replies` replies and "Small thread" with 10, in `channelId`. */
export async function seedThreads(sql: Sql, channelId: string, replies: number): Promise<void> {
  const [author] = await sql<{ author_id: string }[]>`
    select author_id from public.messages where channel_id = ${channelId} limit 1`
  for (const [body, count] of [
    ['Big thread', replies],
    ['Small thread', 10],
  ] as const) {
    const [parent] = await sql<{ id: string }[]>`
      insert into public.messages (channel_id, author_id, body)
      values (${channelId}, ${author!.author_id}, ${body}) returning id`
    await sql`
      insert into public.messages (channel_id, author_id, body, parent_id, created_at)
      select ${channelId}, ${author!.author_id},
        'Reply ' || g || ': the **quick** brown fox jumps over the _lazy_ dog', ${parent!.id},
        now() - make_interval(secs => (${count} - g) * 30)
      from generate_series(1, ${count}::int) as g`
  }
  await sql`analyze public.messages`
}

/** Clicks the parent's summary and waits for the thread's last reply to be readable (measure.ts);
 * returns the ms between. */
export async function openThread(page: Page, parentBody: string, lastSeq: number): Promise<number> {
  await page.evaluate(watchReadable(`.thread-panel [data-seq="${lastSeq}"]`, '.thread-panel'))
  const summary = page
    .locator('article.message', { hasText: parentBody })
    .getByRole('button', { name: /replies, open the thread$/ })
  const clickedAt = await summary.evaluate((button: HTMLElement) => {
    const at = performance.now()
    button.click()
    return at
  })
  await waitTrue(page, 'window.__shown > 0')
  const shownAt = (await page.evaluate('window.__shown')) as number
  await page.getByRole('button', { name: 'Close thread' }).click()
  await page.locator('.thread-panel').waitFor({ state: 'detached' })
  return shownAt - clickedAt
}

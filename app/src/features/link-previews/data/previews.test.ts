import { describe, expect, it } from 'vitest'
import { mergeFetched } from './previews.ts'
import type { LinkPreview } from './preview.ts'

const preview = (over: Partial<LinkPreview>): LinkPreview => ({
  id: 'p1',
  messageId: 'm1',
  position: 1,
  url: 'https://site.example/a',
  status: 'ready',
  title: 'Title',
  description: null,
  siteName: null,
  imagePath: null,
  imageWidth: null,
  imageHeight: null,
  removed: false,
  ...over,
})

/** A store that saw `live` as changes 0, 1, … (as the live topic's handler records them). */
function storeWith(live: LinkPreview[]) {
  const rows = new Map<string, LinkPreview>()
  const changed = new Map<string, number>()
  live.forEach((row, at) => {
    rows.set(row.id, row)
    changed.set(row.id, at)
  })
  return { rows, changed }
}

describe('merging fetched previews with live changes', () => {
  it('keeps a live change that came while a fresh request was on its way', () => {
    // The request set off before change 0; the server filled the preview in meanwhile.
    const store = storeWith([preview({ status: 'ready' })])
    mergeFetched(store, {
      messageIds: ['m1'],
      found: [preview({ status: 'fetching', title: null })],
      since: 0,
      fresh: true,
    })
    expect(store.rows.get('p1')?.status).toBe('ready')
  })

  it('lets a fresh answer replace and drop what changed before it set off', () => {
    const store = storeWith([preview({ id: 'gone' }), preview({ status: 'fetching' })])
    mergeFetched(store, {
      messageIds: ['m1'],
      found: [preview({ status: 'ready' })],
      since: 2,
      fresh: true,
    })
    expect([...store.rows.keys()]).toEqual(['p1'])
    expect(store.rows.get('p1')?.status).toBe('ready')
  })

  it('does not bring back a row deleted live while the request was out', () => {
    const store = { rows: new Map<string, LinkPreview>(), changed: new Map([['p1', 0]]) }
    mergeFetched(store, { messageIds: ['m1'], found: [preview({})], since: 0, fresh: false })
    expect(store.rows.size).toBe(0)
  })

  it('adds what a first request finds, leaving rows of other messages alone', () => {
    const store = storeWith([preview({ id: 'other', messageId: 'm2' })])
    mergeFetched(store, {
      messageIds: ['m1'],
      found: [preview({ id: 'p1' })],
      since: 1,
      fresh: true,
    })
    expect([...store.rows.keys()].sort()).toEqual(['other', 'p1'])
  })
})

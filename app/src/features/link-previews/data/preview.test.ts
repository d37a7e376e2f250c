import { describe, expect, it } from 'vitest'
import { hasLink, previewOf, safeLink, shownPreviews } from './preview.ts'
import type { LinkPreview } from './preview.ts'

const row = {
  id: 'p1',
  message_id: 'm1',
  position: 2,
  url: 'https://site.example/a',
  status: 'ready',
  title: 'Title',
  description: '',
  site_name: 'Site',
  image_path: 'c/abc.png',
  image_width: 40,
  image_height: 20,
  removed_by_author: false,
}

describe('link previews (pure)', () => {
  it('reads a row, and refuses what is not one', () => {
    expect(previewOf(row)).toEqual({
      id: 'p1',
      messageId: 'm1',
      position: 2,
      url: 'https://site.example/a',
      status: 'ready',
      title: 'Title',
      description: null,
      siteName: 'Site',
      imagePath: 'c/abc.png',
      imageWidth: 40,
      imageHeight: 20,
      removed: false,
    })
    expect(previewOf({ ...row, status: 'weird' })).toBeNull()
    expect(previewOf({ ...row, id: 1 })).toBeNull()
  })

  it('shows ready, kept previews with something to say, in link order', () => {
    const make = (over: Partial<LinkPreview>): LinkPreview => ({ ...previewOf(row)!, ...over })
    const shown = shownPreviews([
      make({ id: 'b', position: 2 }),
      make({ id: 'a', position: 1 }),
      make({ id: 'removed', removed: true }),
      make({ id: 'failed', status: 'failed' }),
      make({ id: 'pending', status: 'fetching' }),
      make({ id: 'empty', title: null, description: null }),
    ])
    expect(shown.map((p) => p.id)).toEqual(['a', 'b'])
    expect(shownPreviews(undefined)).toEqual([])
  })

  it('links only to http(s) pages, and looks for previews only in bodies with links', () => {
    expect(safeLink('https://a.example/x')).toBe('https://a.example/x')
    expect(safeLink('javascript:alert(1)')).toBeNull()
    expect(safeLink('data:text/html,x')).toBeNull()
    expect(safeLink('nope')).toBeNull()
    expect(hasLink('see HTTPS://a.example')).toBe(true)
    expect(hasLink('no link here')).toBe(false)
  })
})

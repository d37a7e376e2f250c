import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LinkPreview } from '../data/preview.ts'
import LinkPreviewCards from './LinkPreviewCards.tsx'

const card = vi.hoisted(() => ({
  removePreview: vi.fn(async (_id: string): Promise<string | null> => null),
  signed: (path: string | null) => (path ? `http://api.test/storage/v1/object/sign/${path}` : null),
}))
vi.mock('../data/card.ts', () => ({
  removePreview: card.removePreview,
  usePreviewImageUrl: (path: string | null) => ({ data: card.signed(path) }),
}))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  card.removePreview.mockClear()
})

const preview = (over: Partial<LinkPreview> = {}): LinkPreview => ({
  id: 'p1',
  messageId: 'm1',
  position: 1,
  url: 'https://site.example/page',
  status: 'ready',
  title: 'A <b>title</b>',
  description: 'About it',
  siteName: 'Site',
  imagePath: 'chan/abc.png',
  imageWidth: 40,
  imageHeight: 20,
  removed: false,
  ...over,
})

function show(previews: LinkPreview[], canRemove: boolean) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <LinkPreviewCards previews={previews} canRemove={canRemove} />
    </QueryClientProvider>
  )
}

describe('LinkPreviewCards', () => {
  it('shows site, title (a safe link, as text), description and the image from Storage', () => {
    const { container } = show([preview()], false)
    const link = screen.getByRole('link', { name: 'A <b>title</b>' })
    expect(link.getAttribute('href')).toBe('https://site.example/page')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(container.querySelector('b')).toBeNull()
    expect(screen.getByText('Site')).toBeTruthy()
    expect(screen.getByText('About it')).toBeTruthy()
    const image = container.querySelector('img')!
    expect(image.getAttribute('src')).toBe('http://api.test/storage/v1/object/sign/chan/abc.png')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('never links anywhere but http(s)', () => {
    show([preview({ url: 'javascript:alert(1)' })], false)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('A <b>title</b>')).toBeTruthy()
  })

  it(
    'removes for the author after a confirmation, and says why it could not',
    { timeout: 30_000 },
    async () => {
      show([preview()], true)
      const remove = screen.getByRole('button', { name: 'Remove the preview of A <b>title</b>' })
      fireEvent.click(remove)
      // The app's own dialog asks (its chunk loads on the first call).
      const asked = () => screen.findByRole('alertdialog', undefined, { timeout: 15_000 })
      expect((await asked()).textContent).toContain('Remove this link preview for everyone?')
      fireEvent.click(within(await asked()).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      expect(card.removePreview).not.toHaveBeenCalled()
      card.removePreview.mockResolvedValueOnce(
        'Only the author of the message can remove its link preview.'
      )
      fireEvent.click(remove)
      fireEvent.click(within(await asked()).getByRole('button', { name: 'Remove' }))
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Only the author/))
      expect(card.removePreview).toHaveBeenCalledWith('p1')
    }
  )
})

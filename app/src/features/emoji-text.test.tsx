import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import EmojiText from './emoji-text.tsx'

afterEach(cleanup)

describe('EmojiText: a plain line with its emoji as images', () => {
  it('shows an emoji character as the set’s image, its alt the character', () => {
    const { container } = render(
      <p>
        <EmojiText text="shipped 🎉 at last" />
      </p>
    )
    const images = container.querySelectorAll('img.emoji')
    expect([...images].map((img) => img.getAttribute('alt'))).toEqual(['🎉'])
    // The image's alt is no text content: the words around it are as given.
    expect(container.textContent).toBe('shipped  at last')
  })

  it('shows a :shortcode: as its emoji once loaded, and an unknown one as its text', async () => {
    const { container } = render(
      <p>
        <EmojiText text="nice :tada: and :no-such-emoji:" />
      </p>
    )
    await waitFor(() => expect(container.querySelector('img.emoji[alt="🎉"]')).not.toBeNull())
    expect(container.querySelector('img.emoji')?.getAttribute('title')).toBe(':tada:')
    expect(container.textContent).toBe('nice  and :no-such-emoji:')
  })

  it('leaves a line without emoji as it is', () => {
    const { container } = render(
      <p>
        <EmojiText text="at 10 o'clock, #1 © 2026" />
      </p>
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe("at 10 o'clock, #1 © 2026")
  })
})

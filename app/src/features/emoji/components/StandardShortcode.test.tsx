import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import StandardShortcode, { standardEmoji } from './StandardShortcode.tsx'

afterEach(cleanup)

describe('a standard :shortcode:', () => {
  it('is the shipped set’s emoji of that shortcode or Slack’s alias, in its skin tone', () => {
    expect(standardEmoji(':smile:')).toBe('😄')
    expect(standardEmoji(':+1:')).toBe('👍')
    expect(standardEmoji(':thumbsup:')).toBe('👍')
    expect(standardEmoji(':white_check_mark:')).toBe('✅')
    expect(standardEmoji(':wave::skin-tone-3:')).toBe('👋🏼')
    // a tone on an emoji that has none is the emoji
    expect(standardEmoji(':tada::skin-tone-4:')).toBe('🎉')
  })

  it('is nothing for a name the set does not have', () => {
    expect(standardEmoji(':partyparrot:')).toBeNull()
    expect(standardEmoji(':constructor:')).toBeNull()
    expect(standardEmoji('smile')).toBeNull()
  })

  it('shows the emoji’s image with the shortcode as its tooltip, else the text', () => {
    const { container } = render(
      <p>
        <StandardShortcode emoji=":smile:" />
        <StandardShortcode emoji=":partyparrot:" />
      </p>
    )
    const img = container.querySelector('img.emoji')
    expect(img?.getAttribute('alt')).toBe('😄')
    expect(img?.getAttribute('title')).toBe(':smile:')
    expect(container.textContent).toBe(':partyparrot:')
  })
})

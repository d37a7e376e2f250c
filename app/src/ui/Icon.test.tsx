import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Icon } from './Icon.tsx'

describe('Icon', () => {
  afterEach(cleanup)

  it("draws the sprite's symbol, hidden from readers: the button around it has the name", () => {
    render(
      <button type="button" aria-label="Attach files">
        <Icon name="paperclip" size={18} />
      </button>
    )
    const button = screen.getByRole('button', { name: 'Attach files' })
    const svg = button.querySelector('svg')!
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect(svg.getAttribute('width')).toBe('18')
    // The sprite's symbol in the page (scripts/inline-sprite.ts).
    expect(svg.querySelector('use')!.getAttribute('href')).toBe('#icon-paperclip')
    expect(button.textContent).toBe('')
  })
})

import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MenuSub } from './MenuSub.tsx'

function menuWith(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: narrow, media: query }))
  render(
    <DropdownMenu.Root open modal={false}>
      <DropdownMenu.Trigger>open</DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label="Section options">
        <MenuSub icon="arrow-up-down" label="Sort">
          <DropdownMenu.Item>Alphabetically</DropdownMenu.Item>
        </MenuSub>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
  return screen.getByRole('menu')
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('MenuSub', () => {
  it('is an item opening a menu of its own where there is room', () => {
    const menu = menuWith(false)
    const trigger = screen.getByRole('menuitem', { name: 'Sort' })
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    expect(menu.textContent).not.toContain('Alphabetically')
  })

  it('puts its items in the menu under its name on a narrow screen', () => {
    const menu = menuWith(true)
    expect(screen.queryByRole('menuitem', { name: 'Sort' })).toBeNull()
    expect(screen.getByRole('group', { name: 'Sort' }).textContent).toContain('Sort')
    expect(menu.contains(screen.getByRole('menuitem', { name: 'Alphabetically' }))).toBe(true)
  })
})

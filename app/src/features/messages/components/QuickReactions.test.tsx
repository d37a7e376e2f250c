import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import QuickReactions from './QuickReactions.tsx'

afterEach(cleanup)

/** The toolbar's "Add reaction" and its menu, as MessageActions has them. */
function Toolbar({ picked }: { picked: string[] }) {
  const [open, setOpen] = useState(false)
  return (
    <div role="toolbar">
      <button type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        Add reaction
      </button>
      {open && (
        <QuickReactions
          onPick={(emoji) => {
            picked.push(emoji)
            setOpen(false)
          }}
          onMore={() => {}}
        />
      )}
    </div>
  )
}

describe('QuickReactions', () => {
  it('is a menu: the first item focused, arrows, Home and End move, Escape gives the focus back', () => {
    render(<Toolbar picked={[]} />)
    const button = screen.getByRole('button', { name: 'Add reaction' })
    fireEvent.click(button)
    const items = screen.getAllByRole('menuitem')
    expect(document.activeElement).toBe(items[0])
    expect(items.map((i) => i.tabIndex)).toEqual([0, ...items.slice(1).map(() => -1)])
    fireEvent.keyDown(items[0]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(items[1])
    fireEvent.keyDown(items[1]!, { key: 'End' })
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'More emoji' }))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(items[0]!, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(items[items.length - 1])
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(items[0]!, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('runs the other way right to left: ArrowLeft goes to the next item', () => {
    document.dir = 'rtl'
    try {
      render(<Toolbar picked={[]} />)
      fireEvent.click(screen.getByRole('button', { name: 'Add reaction' }))
      const items = screen.getAllByRole('menuitem')
      fireEvent.keyDown(items[0]!, { key: 'ArrowLeft' })
      expect(document.activeElement).toBe(items[1])
      fireEvent.keyDown(items[1]!, { key: 'ArrowRight' })
      expect(document.activeElement).toBe(items[0])
      fireEvent.keyDown(items[0]!, { key: 'ArrowDown' })
      expect(document.activeElement).toBe(items[1])
    } finally {
      document.dir = ''
    }
  })

  it('a pick gives the focus back to "Add reaction"', () => {
    const picked: string[] = []
    render(<Toolbar picked={picked} />)
    const button = screen.getByRole('button', { name: 'Add reaction' })
    fireEvent.click(button)
    fireEvent.click(screen.getByRole('menuitem', { name: '🎉' }))
    expect(picked).toEqual(['🎉'])
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)
  })
})

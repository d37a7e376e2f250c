// A button that opens a small menu: aria-haspopup/expanded, Escape or a click elsewhere closes
// it, and focus moves to the first item when it opens.
import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'

interface Props {
  label: string
  icon: ReactNode
  children: (close: () => void) => ReactNode
}

export function MenuButton({ label, icon, children }: Props) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  return (
    <div
      className="menu-button"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          setOpen(false)
          root.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus()
        }
      }}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {icon}
      </button>
      {open && (
        <div className="menu-button-items" role="menu" id={id} aria-label={label}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  )
}

// A modal built on <dialog>: the page behind it is inert for screen readers, Escape closes it, and
// dialog-focus.ts (loaded by main.tsx after the first screen) keeps Tab inside it and gives the
// focus back when it goes.
import { t } from '@lingui/core/macro'
import { Icon } from './Icon.tsx'
import { useEffect, useId, useRef } from 'react'
import type { ReactNode } from 'react'

interface Props {
  title: string
  open: boolean
  onClose: () => void
  children: ReactNode
  wide?: boolean
}

export function Dialog({ title, open, onClose, children, wide }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const downOnBackdrop = useRef(false)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      // A dialog's cancel and close are its own: React passes them on to the handlers of the
      // components around it, which would close a dialog this one is opened from.
      onClose={(e) => {
        e.stopPropagation()
        onClose()
      }}
      onCancel={(e) => {
        e.preventDefault()
        e.stopPropagation()
        onClose()
      }}
      // A click on the backdrop closes it: one that began there. A press inside whose release
      // lands outside (the dialog shrank under the pointer: Preferences' tabs; a text selection
      // dragged out) is a click on the <dialog> too, and is not one on its backdrop.
      onPointerDown={(e) => {
        downOnBackdrop.current = e.target === ref.current
      }}
      onClick={(e) => {
        if (e.target === ref.current && downOnBackdrop.current) onClose()
      }}
      // Escape is the dialog's own: a key handler of the page around it (the message list's)
      // must not take it, or the browser never cancels the dialog.
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation()
      }}
    >
      {open && (
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button" aria-label={t`Close`} onClick={onClose}>
              <Icon name="x" size={16} />
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  )
}

// A menu anchored beside its trigger (a message's "More actions" on a wide screen), on Radix's
// DropdownMenu: the arrow keys, Home/End and typeahead move through its items, Escape or a
// click outside closes it and gives the focus back to the trigger, it flips and shifts to stay
// on screen, and it mirrors right to left. Import it only from a lazy chunk: the first screen
// carries none of it. Inside an open modal <dialog> it is portalled into that dialog.
// A chosen item runs once the menu has closed and the focus is back on the trigger, so what it
// opens (an edit box, a thread's composer, a dialog) keeps the focus it takes.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { createContext, useCallback, useContext, useRef } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { layerHost } from './ConfirmDialog.tsx'
import { Icon } from './Icon.tsx'
import { pageDirection } from './direction.ts'
import type { IconName } from './icons.ts'
import './menu.css'

export interface MenuProps {
  /** The button that opens it (one element: it becomes the menu's trigger). */
  trigger: ReactElement
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Its accessible name ("Actions for Ann's message"). */
  label: string
  /** Which side of the trigger it opens on, where room allows. */
  side?: 'top' | 'bottom' | 'left' | 'right'
  align?: 'start' | 'center' | 'end'
  /** Opened from the keyboard: the first item takes the focus (else the menu itself does). */
  focusFirst?: boolean
  className?: string
  children: ReactNode
}

/** What an item chose: run after the menu closes. */
const Chosen = createContext<(run: () => void) => void>((run) => run())

export function Menu(props: MenuProps) {
  const dir = pageDirection()
  const chosen = useRef<(() => void) | null>(null)
  const trigger = useRef<HTMLButtonElement | null>(null)
  // Radix focuses the menu itself as it opens; then its first item, if asked (once an opening).
  const wantsFirst = props.focusFirst ?? false
  const focusFirst = useCallback(
    (content: HTMLDivElement | null) => {
      if (content && wantsFirst)
        requestAnimationFrame(() =>
          content.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus()
        )
    },
    [wantsFirst]
  )
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its controls stay
    // focusable (axe's aria-hidden-focus); Escape, a click outside and Tab close it all the same.
    <DropdownMenu.Root open={props.open} onOpenChange={props.onOpenChange} dir={dir} modal={false}>
      <DropdownMenu.Trigger asChild ref={trigger}>
        {props.trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={layerHost()}>
        <DropdownMenu.Content
          className={`menu${props.className ? ` ${props.className}` : ''}`}
          aria-label={props.label}
          // Its own name, not its trigger's (Radix names it after the trigger by default).
          aria-labelledby={undefined}
          side={props.side ?? 'bottom'}
          align={props.align ?? 'end'}
          sideOffset={4}
          collisionPadding={8}
          loop
          ref={focusFirst}
          onCloseAutoFocus={(event) => {
            const run = chosen.current
            if (!run) return
            chosen.current = null
            event.preventDefault()
            trigger.current?.focus()
            run()
          }}
        >
          <Chosen.Provider value={(run) => (chosen.current = run)}>
            {props.children}
          </Chosen.Provider>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

export interface MenuItemProps {
  icon?: IconName
  /** A key that does the same on the focused message ("t"), shown at the item's end. */
  shortcut?: string
  danger?: boolean
  /** What typeahead matches, when the children are not plain text. */
  textValue?: string
  onSelect: () => void
  children: ReactNode
}

export function MenuItem({ icon, shortcut, danger, textValue, onSelect, children }: MenuItemProps) {
  const choose = useContext(Chosen)
  return (
    <DropdownMenu.Item
      className={danger ? 'menu-item menu-item-danger' : 'menu-item'}
      textValue={textValue}
      onSelect={() => choose(onSelect)}
    >
      {icon && <Icon name={icon} size={16} />}
      <span className="menu-item-label">{children}</span>
      {shortcut && (
        <kbd className="menu-item-shortcut" aria-hidden="true">
          {shortcut}
        </kbd>
      )}
    </DropdownMenu.Item>
  )
}

/** A row of small items side by side (quick reactions): one line, never wrapped. */
export function MenuRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DropdownMenu.Group className="menu-row" aria-label={label}>
      {children}
    </DropdownMenu.Group>
  )
}

/** An item of a MenuRow: named by `label`, drawn by its children (an emoji, an icon). */
export function MenuRowItem(props: { label: string; onSelect: () => void; children: ReactNode }) {
  const choose = useContext(Chosen)
  return (
    <DropdownMenu.Item
      className="menu-row-item"
      aria-label={props.label}
      title={props.label}
      textValue=""
      onSelect={() => choose(props.onSelect)}
    >
      {props.children}
    </DropdownMenu.Item>
  )
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-separator" />
}

/** A muted line naming what the menu is about (not an item). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Label className="menu-label" dir="auto">
      {children}
    </DropdownMenu.Label>
  )
}

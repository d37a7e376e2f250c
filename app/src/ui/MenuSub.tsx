// A sub-menu of a Radix DropdownMenu ("Move to section ▸", "Sort ▸"): beside its item where there
// is room; on a narrow screen, where it would open off the screen's edge, its items are in the
// menu itself, under its name as a heading (as a phone's menus show them).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import type { ReactNode } from 'react'
import { layerHost } from './ConfirmDialog.tsx'
import { Icon } from './Icon.tsx'
import type { IconName } from './icons.ts'

/** Where a sub-menu cannot open beside its item: the phone's layout (ui/styles.css). */
const NARROW = '(max-width: 700px)'

export function MenuSub({
  icon,
  label,
  children,
}: {
  icon: IconName
  label: string
  children: ReactNode
}) {
  if (window.matchMedia?.(NARROW).matches) {
    return (
      <DropdownMenu.Group aria-label={label}>
        <DropdownMenu.Separator className="menu-separator" />
        <DropdownMenu.Label className="menu-label">{label}</DropdownMenu.Label>
        {children}
        <DropdownMenu.Separator className="menu-separator" />
      </DropdownMenu.Group>
    )
  }
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className="menu-item">
        <Icon name={icon} size={16} />
        <span className="menu-item-label">{label}</span>
        <Icon name="chevron-right" size={16} />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal container={layerHost()}>
        <DropdownMenu.SubContent
          className="menu"
          sideOffset={2}
          collisionPadding={8}
          aria-label={label}
        >
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  )
}

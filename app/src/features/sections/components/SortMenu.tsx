// A built-in section's "Sort ▸" in its menu (SectionsMenu.tsx): Channels and Direct messages by
// name or most recent first, the way in use checked; Radix's radio items (arrow keys, Enter).
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { MenuSub } from '../../../ui/MenuSub.tsx'
import type { SectionSort } from '../data/layout.ts'

export function SortMenu({
  sort,
  onSort,
}: {
  sort: SectionSort
  onSort: (sort: SectionSort) => void
}) {
  const ways: [SectionSort, string][] = [
    ['alpha', t`Alphabetically`],
    ['recent', t`By most recent activity`],
  ]
  return (
    <MenuSub icon="arrow-up-down" label={t`Sort`}>
      <DropdownMenu.RadioGroup value={sort} onValueChange={(v) => onSort(v as SectionSort)}>
        {ways.map(([value, label]) => (
          <DropdownMenu.RadioItem key={value} value={value} className="menu-item">
            <span className="menu-item-check">
              <DropdownMenu.ItemIndicator>
                <Icon name="check" size={16} />
              </DropdownMenu.ItemIndicator>
            </span>
            <span className="menu-item-label">{label}</span>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </MenuSub>
  )
}

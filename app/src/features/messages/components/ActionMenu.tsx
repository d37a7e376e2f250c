// "More actions" on a wide screen with a mouse: every action of one message in a menu anchored
// beside its button (ui/Menu.tsx, Radix's DropdownMenu: keys, typeahead, right to left, the
// focus back on the button), the quick reactions in one row at its top. The phone keeps the
// bottom sheet (ActionSheet.tsx). Loaded on the first open; from then on it holds the button.
import { t } from '@lingui/core/macro'
import type { ReactElement } from 'react'
import { Icon } from '../../../ui/Icon.tsx'
import {
  Menu,
  MenuItem,
  MenuLabel,
  MenuRow,
  MenuRowItem,
  MenuSeparator,
} from '../../../ui/Menu.tsx'
import type { MessageAction } from '../../../slots/message.ts'
import { Emoji } from '../../emoji/index.ts'
import { QUICK_EMOJI } from './QuickReactions.tsx'
import './action-sheet.css'

interface Props {
  trigger: ReactElement
  open: boolean
  onOpenChange: (open: boolean) => void
  actions: MessageAction[]
  onReact?: (emoji: string) => void
  onMoreEmoji?: () => void
  /** What the menu is about ("Ann: lunch?"). */
  summary: string
  focusFirst: boolean
}

export default function ActionMenu(props: Props) {
  const { actions, onReact, onMoreEmoji, summary } = props
  const listed = actions.filter((a) => !(a.id === 'react' && onReact))
  const danger = listed.filter((a) => a.danger)
  const rest = listed.filter((a) => !a.danger)
  const item = (a: MessageAction) => (
    <MenuItem
      key={a.id}
      icon={a.icon}
      danger={a.danger}
      shortcut={a.key}
      textValue={a.label}
      onSelect={a.run}
    >
      {a.label}
    </MenuItem>
  )
  return (
    <Menu
      trigger={props.trigger}
      open={props.open}
      onOpenChange={props.onOpenChange}
      label={t`Actions for ${summary}`}
      className="action-menu"
      side="bottom"
      align="end"
      focusFirst={props.focusFirst}
    >
      <MenuLabel>{summary}</MenuLabel>
      {onReact && (
        <>
          <MenuRow label={t`React`}>
            {QUICK_EMOJI.map((emoji) => (
              <MenuRowItem
                key={emoji}
                label={t`React with ${emoji}`}
                onSelect={() => onReact(emoji)}
              >
                <Emoji emoji={emoji} />
              </MenuRowItem>
            ))}
            {onMoreEmoji && (
              <MenuRowItem label={t`More emoji`} onSelect={onMoreEmoji}>
                <Icon name="smile-plus" size={18} />
              </MenuRowItem>
            )}
          </MenuRow>
          <MenuSeparator />
        </>
      )}
      {rest.map(item)}
      {danger.length > 0 && <MenuSeparator />}
      {danger.map(item)}
    </Menu>
  )
}

// A button drawn as an icon of the sprite, named by its label (aria-label) and showing that
// label, with its shortcut, in a tooltip on hover and focus (Tooltip.tsx). `pressed` makes it a
// toggle (aria-pressed). Its chunk carries Radix's tooltip: the first screen draws its own
// icon buttons until it is loaded.
import type { ButtonHTMLAttributes, Ref } from 'react'
import { Icon } from './Icon.tsx'
import type { IconName } from './icons.ts'
import { Tooltip } from './Tooltip.tsx'

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  icon: IconName
  label: string
  /** The keys as people read them ("Ctrl+B"), in the tooltip. */
  shortcut?: string
  /** The keys as aria-keyshortcuts names them ("Control+B Meta+B"). */
  keyshortcuts?: string
  /** A toggle's state. */
  pressed?: boolean
  size?: number
  tooltipSide?: 'top' | 'bottom' | 'left' | 'right'
  ref?: Ref<HTMLButtonElement>
}

export function IconButton({
  icon,
  label,
  shortcut,
  keyshortcuts,
  pressed,
  size = 16,
  tooltipSide,
  className,
  ref,
  ...rest
}: Props) {
  return (
    <Tooltip label={label} shortcut={shortcut} side={tooltipSide}>
      <button
        ref={ref}
        type="button"
        className={className ? `icon-button ${className}` : 'icon-button'}
        aria-label={label}
        aria-pressed={pressed}
        aria-keyshortcuts={keyshortcuts}
        {...rest}
      >
        <Icon name={icon} size={size} />
      </button>
    </Tooltip>
  )
}

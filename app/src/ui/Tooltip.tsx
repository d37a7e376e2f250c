// A tooltip beside its trigger, on Radix's Tooltip: shown on hover after a short wait and at once
// on keyboard focus, hidden by Escape, placed and flipped by Radix's positioning (never past the
// window's edge, mirrored in right-to-left). It only adds words a sighted mouse user would
// otherwise miss: the trigger carries its own name (aria-label), the tooltip repeats it with its
// shortcut. Not on the first screen: a chunk that uses it loads it (IconButton, its usual user).
import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactElement, ReactNode } from 'react'
import './tooltip.css'

/** One wait for a group of tooltips: moving from one to the next shows it at once. */
export function TooltipGroup({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  )
}

interface Props {
  /** What the tooltip says. */
  label: ReactNode
  /** A shortcut shown after the label, as its keys ("Ctrl+B"). */
  shortcut?: string
  side?: 'top' | 'bottom' | 'left' | 'right'
  /** The trigger: one element that takes a ref and the hover and focus handlers. */
  children: ReactElement
}

/** A tooltip on its child; inside a TooltipGroup, or its own group when there is none. */
export function Tooltip({ label, shortcut, side = 'top', children }: Props) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {label}
            {shortcut && <kbd className="tooltip-keys">{shortcut}</kbd>}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}

// The header of a workspace view other than a channel (Threads, Later: slots/view.ts): at phone
// width the button that shows the channels (the sidebar's drawer), its icon and title (the
// page's h2: the sidebar's workspace name is its one h1), and what the view adds at its end.
import { t } from '@lingui/core/macro'
import type { ReactNode } from 'react'
import { Icon } from './Icon.tsx'
import type { IconName } from './icons.ts'
import './view.css'

export function ViewHeader(props: {
  icon: IconName
  title: string
  onShowChannels?: () => void
  children?: ReactNode
  /** The features' parts of the header (search), at its very end. */
  parts?: ReactNode
}) {
  return (
    <header className="view-header">
      {props.onShowChannels && (
        <button
          type="button"
          className="icon-button only-narrow"
          aria-label={t`Show channels`}
          onClick={props.onShowChannels}
        >
          <Icon name="menu" size={18} />
        </button>
      )}
      <h2 className="view-title">
        <Icon name={props.icon} size={18} />
        {props.title}
      </h2>
      {props.children}
      {props.parts && <div className="view-header-parts">{props.parts}</div>}
    </header>
  )
}

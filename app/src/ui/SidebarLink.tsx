// A sidebar entry that opens a view of the workspace ("Threads", "Later"): an icon, its name,
// and a count badge with what the count means in its accessible name ("Threads, 3 unread"), worded
// by the caller in the app's language (a plural: "スレッド、未読3件").
import { Icon } from './Icon.tsx'
import type { IconName } from './icons.ts'
import { Link } from './Link.tsx'

export function SidebarLink(props: {
  href: string
  icon: IconName
  label: string
  active: boolean
  onNavigate: () => void
  count: number
  /** The link's accessible name while the count shows ("Threads, 3 unread"), translated. */
  countLabel: string
}) {
  const { count, label, active } = props
  return (
    <Link
      href={props.href}
      className={`channel-link threads-link${active ? ' active' : ''}${count > 0 ? ' unread' : ''}`}
      aria-current={active ? 'page' : undefined}
      aria-label={count > 0 ? props.countLabel : label}
      onClick={props.onNavigate}
    >
      <span className="channel-prefix" aria-hidden="true">
        <Icon name={props.icon} size={16} />
      </span>
      <span className="channel-name">{label}</span>
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}

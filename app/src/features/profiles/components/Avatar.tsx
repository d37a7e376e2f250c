import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { avatarUrl } from '../data/avatar-url.ts'
import './avatar.css'

interface Props {
  name: string
  userId: string
  path: string | null
  size?: number
  online?: boolean
  /** Online but away (a hollow dot). */
  away?: boolean
  /** Online in Do Not Disturb (a red dot with a bar). */
  dnd?: boolean
}

/** A person's picture, resized by Storage, or their initials on a colour taken from their id. */
export function Avatar({
  name,
  userId,
  path,
  size = 32,
  online,
  away = false,
  dnd = false,
}: Props) {
  const [failed, setFailed] = useState(false)
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) }
  return (
    <span className="avatar" style={style} aria-hidden="true">
      {path && !failed ? (
        <img
          src={avatarUrl(path, size)}
          alt=""
          width={size}
          height={size}
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="avatar-initials" style={{ background: colourOf(userId) }}>
          {initials(name)}
        </span>
      )}
      {online !== undefined && (
        <span
          className={
            online
              ? `presence-dot online${away ? ' away' : ''}${dnd ? ' dnd' : ''}`
              : 'presence-dot'
          }
          title={online && dnd ? t`Do not disturb` : undefined}
        />
      )}
    </span>
  )
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1)
  return letters.map((p) => [...p][0]!.toUpperCase()).join('') || '?'
}

/** A colour of the person's own, dark enough for white initials at 4.5:1 or more whatever the
 * hue (WCAG AA; at 45% a yellow-green was 2.3:1). */
function colourOf(id: string): string {
  let hash = 0
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS colour, not words
  return `hsl(${hash % 360} 55% 30%)`
}

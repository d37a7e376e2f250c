import sprite from './icons.svg?url&no-inline'
import type { IconName } from './icons.ts'

/** One icon of the sprite, decorative: name the control around it. */
export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}

import { ICON_ID_PREFIX } from './icons.ts'
import type { IconName } from './icons.ts'

/**
 * One icon of the sprite the page carries (scripts/inline-sprite.ts), decorative: name the control
 * around it. A <use> of a symbol in the document costs nothing more; one of a symbol in another
 * file (the sprite as an asset, as before) had the browser look that file up for every icon
 * drawn, about a millisecond each while a channel first renders (issue 31).
 */
export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#${ICON_ID_PREFIX}${name}`} />
    </svg>
  )
}

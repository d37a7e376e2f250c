// The channel header's slot, filled (slots/header.ts): every feature folder with a
// header-part.tsx is in, found at build time by Vite's import.meta.glob (eager: the header is on
// the first screen), in the order of their `order`. Adding one touches only its folder.
import type { HeaderPart, HeaderPartProps, HeaderPlace } from '../slots/header.ts'

const found = import.meta.glob<HeaderPart>('./*/header-part.tsx', {
  eager: true,
  import: 'default',
})

/** The parts, in their order. */
export const headerParts = Object.values(found).sort((a, b) => a.order - b.order)

/** The features' parts of the open channel's header at that place. */
export function HeaderParts({
  place = 'actions',
  ...props
}: HeaderPartProps & { place?: HeaderPlace }) {
  return headerParts.map(
    ({ Part, place: at = 'actions' }, i) => at === place && <Part key={i} {...props} />
  )
}

// The members panel's slot, filled (slots/members.ts): every feature folder with a
// members-part.tsx is in, found at build time by Vite's import.meta.glob, in the order of their
// `order`; each part is a lazy chunk (nothing in its place if it cannot load). Adding one touches
// only its folder.
import { lazyRetrying, Nothing } from '../lib/lazy.ts'
import type { MembersPart, MembersPartProps } from '../slots/members.ts'

const found = import.meta.glob<MembersPart>('./*/members-part.tsx', {
  eager: true,
  import: 'default',
})

/** The parts, in their order. */
export const membersParts = Object.values(found).sort((a, b) => a.order - b.order)

const parts = membersParts.map((part) => lazyRetrying<MembersPartProps>(part.load, Nothing))

/** The features' parts of the members panel. */
export function MembersParts(props: MembersPartProps) {
  return parts.map((Part, i) => <Part key={i} {...props} />)
}

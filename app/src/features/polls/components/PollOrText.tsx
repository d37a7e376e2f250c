// A message's text where the message screen's rows are not (the Threads view's cards): a poll's
// card in place of a poll's text (live, voted on there), any other text as given.
import { Suspense } from 'react'
import type { ReactNode } from 'react'
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import { isPollText } from '../data/poll-text.ts'
import type { PollCardProps } from './PollCard.tsx'

const PollCard = lazyRetrying<PollCardProps>(() => import('./PollCard.tsx'), Nothing)

export interface PollOrTextProps extends PollCardProps {
  body: string
  /** The text as the row shows it, when it is no poll's (and while the card loads). */
  text: ReactNode
}

export function PollOrText({ body, text, ...card }: PollOrTextProps) {
  if (!isPollText(body) || card.message.deletedAt) return text
  return (
    <Suspense fallback={text}>
      <PollCard {...card} />
    </Suspense>
  )
}

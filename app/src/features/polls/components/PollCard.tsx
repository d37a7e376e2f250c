// A poll under its message (a lazy chunk, loaded once a poll is on screen): the question, each
// option as a button with its bar, count and share of the votes, who chose it (unless the poll
// is anonymous), my choice marked; a click votes, changes my vote or takes it back, shown at
// once and live for everyone. Its author closes it ("Close poll"); past its end or closed, it
// shows the final results and takes no vote. Shown instead of the message's text, which says
// the same for those who read it elsewhere (emails, pushes, the export).
import { plural, t } from '@lingui/core/macro'
import { useEffect, useReducer } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { confirmed } from '../../../ui/layers.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import type { ChatMessage, RowContext } from '../../../slots/message.ts'
import { choiceAfter, useClosePoll, usePoll, useVote } from '../data/polls.ts'
import type { Poll, PollOption } from '../data/polls.ts'
import './poll-card.css'

export interface PollCardProps {
  /** The poll's message (its id, channel and whether it was deleted are all it reads). */
  message: Pick<ChatMessage, 'id' | 'channelId' | 'deletedAt'>
  row: RowContext
}

/** Re-renders when the poll's end comes, so it shows closed then. */
function useEndTick(endsAt: string | null) {
  const [, tick] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!endsAt) return
    const wait = new Date(endsAt).getTime() - Date.now()
    if (wait <= 0 || wait > 2 ** 31 - 1) return
    const timer = setTimeout(tick, wait + 50)
    return () => clearTimeout(timer)
  }, [endsAt])
}

const percentOf = (votes: number, total: number) => (total > 0 ? votes / total : 0)

export default function PollCard({ message, row }: PollCardProps) {
  const { me } = row.capabilities
  const query = usePoll(message.id, message.channelId)
  const vote = useVote(message.id, me)
  const close = useClosePoll(message.id)
  const poll = query.data
  useEndTick(poll?.endsAt ?? null)
  if (!poll || message.deletedAt) return null
  const closed =
    poll.closedAt !== null || (poll.endsAt !== null && new Date(poll.endsAt) <= new Date())
  const canVote = !closed && !row.capabilities.readOnly
  const total = poll.options.reduce((sum, o) => sum + o.votes, 0)
  const error = vote.error ?? close.error
  const question = poll.question
  const kind = poll.multiple ? t`Multiple choice` : t`Single choice`
  const askClose = () =>
    void confirmed({
      title: t`Close this poll?`,
      body: t`Nobody can vote or change their vote after it closes. Everyone sees the final results.`,
      confirm: t`Close poll`,
    }).then((ok) => ok && close.mutate())

  return (
    <section
      className={closed ? 'poll-card poll-closed' : 'poll-card'}
      aria-label={t`Poll: ${question}`}
    >
      <p className="poll-kind">
        <Icon name="chart-bar" size={13} /> {closed ? t`Poll · Final results` : t`Poll`}
        <span className="poll-tags">
          <span className="poll-tag">{kind}</span>
          {poll.anonymous && (
            <span className="poll-tag">
              <Icon name="lock" size={11} /> {t`Anonymous`}
            </span>
          )}
        </span>
      </p>
      <h3 className="poll-question" dir="auto">
        {poll.question}
      </h3>
      <div
        className="poll-options"
        role={canVote ? (poll.multiple ? 'group' : 'radiogroup') : 'list'}
        aria-label={
          !canVote ? t`Results` : poll.multiple ? t`Options, choose any` : t`Options, choose one`
        }
      >
        {poll.options.map((option) => (
          <div key={option.id} className="poll-item" role={canVote ? undefined : 'listitem'}>
            <OptionRow
              poll={poll}
              option={option}
              total={total}
              canVote={canVote}
              nameOf={row.people.nameOf}
              onVote={() => vote.mutate(choiceAfter(poll, option.id))}
            />
          </div>
        ))}
      </div>
      <footer className="poll-footer">
        <span>{plural(poll.voters, { one: '# person voted', other: '# people voted' })}</span>
        <PollTime poll={poll} closed={closed} />
        {!closed && poll.authorId === me && !row.capabilities.readOnly && (
          <button
            type="button"
            className="button button-small button-secondary poll-close"
            disabled={close.isPending}
            onClick={askClose}
          >
            {t`Close poll`}
          </button>
        )}
      </footer>
      {error != null && <Notice tone="error">{cleanError(error)}</Notice>}
    </section>
  )
}

function PollTime({ poll, closed }: { poll: Poll; closed: boolean }) {
  if (closed) {
    const when = dateTimeLabel(poll.closedAt ?? poll.endsAt ?? new Date())
    return <span>{t`Closed ${when}`}</span>
  }
  if (!poll.endsAt) return null
  const when = dateTimeLabel(poll.endsAt)
  return (
    <span>
      <Icon name="alarm-clock" size={12} /> {t`Ends ${when}`}
    </span>
  )
}

interface OptionProps {
  poll: Poll
  option: PollOption
  total: number
  canVote: boolean
  nameOf: (userId: string | null) => string
  onVote: () => void
}

function OptionRow({ poll, option, total, canVote, nameOf, onVote }: OptionProps) {
  const share = percentOf(option.votes, total)
  const percent = new Intl.NumberFormat(formatLocale(), {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(share)
  const votes = plural(option.votes, { one: '# vote', other: '# votes' })
  const names = option.votedBy?.map((id) => nameOf(id)) ?? []
  const who = names.length > 0 ? new Intl.ListFormat(formatLocale()).format(names) : ''
  const inside = (
    <>
      <span className="poll-bar" style={{ inlineSize: `${Math.round(share * 100)}%` }} />
      <span className="poll-mark" aria-hidden="true">
        {option.mine && <Icon name="check" size={12} />}
      </span>
      <bdi className="poll-label">{option.label}</bdi>
      <span className="poll-count">
        {percent} · {votes}
      </span>
    </>
  )
  return (
    <>
      {canVote ? (
        <button
          type="button"
          className={option.mine ? 'poll-option poll-mine' : 'poll-option'}
          role={poll.multiple ? 'checkbox' : 'radio'}
          aria-checked={option.mine}
          onClick={onVote}
        >
          {inside}
        </button>
      ) : (
        <div className={option.mine ? 'poll-option poll-mine' : 'poll-option'}>
          {inside}
          {option.mine && <span className="visually-hidden">{t`Your choice`}</span>}
        </div>
      )}
      {who && (
        <p className="poll-voters">
          <bdi>{who}</bdi>
        </p>
      )}
    </>
  )
}

// Who may post, in a channel's settings dialog: for the workspace's admins and the channel's
// creator, Slack's "Posting permissions" (everyone / workspace admins only / admins and specific
// people, whom a people picker lists), and whether everyone else may still reply in threads; each
// change applies at once. Everyone else reads what the setting is.
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { PeoplePicker } from '../../../ui/PeoplePicker.tsx'
import { RadioGroup } from '../../../ui/RadioGroup.tsx'
import { Switch } from '../../../ui/Switch.tsx'
import { usePosting, useSetPosting } from './PostingGate.tsx'
import type { PostingChange, Who } from '../data/posting.ts'
import './posting.css'

export interface Props {
  channelId: string
  /** The workspace's people: those who are not admins can be listed. */
  members: { id: string; name: string; admin: boolean }[]
}

export default function PostingSettings({ channelId, members }: Props) {
  const { data } = usePosting(channelId)
  const set = useSetPosting(channelId)
  const people = useMemo(
    () => members.filter((m) => !m.admin).map((m) => ({ id: m.id, name: m.name })),
    [members]
  )
  if (!data) return null
  if (!data.mayManage) {
    if (data.who === 'everyone') return null
    return (
      <p className="muted" role="note">
        {data.who === 'admins'
          ? t`Only admins can post in this channel.`
          : t`Only admins and certain people can post in this channel.`}{' '}
        {data.replies ? t`Everyone can reply in threads.` : t`Replies in threads are closed too.`}
      </p>
    )
  }
  const change = (c: Partial<PostingChange>) =>
    set.mutate({ who: data.who, replies: data.replies, ...c })
  return (
    <section className="posting-settings" aria-label={t`Posting permissions`}>
      <div className="posting-head">
        <h3>{t`Posting permissions`}</h3>
        {/* Said beside the heading: a row of its own stood empty until something was saved. */}
        <p className="muted posting-saved" aria-live="polite">
          {set.isSuccess ? t`Saved.` : ''}
        </p>
      </div>
      <RadioGroup<Who>
        label={t`Who can post in this channel`}
        value={data.who}
        onValueChange={(who) => change({ who })}
        options={[
          { value: 'everyone', label: t`Everyone` },
          { value: 'admins', label: t`Workspace admins only` },
          {
            value: 'listed',
            label: t`Admins and specific people`,
            hint: t`Choose the people below.`,
          },
        ]}
      />
      {data.who !== 'everyone' && (
        <Switch
          label={t`Everyone can reply in threads`}
          hint={t`Reactions stay open to everyone.`}
          checked={data.replies}
          onCheckedChange={(replies) => change({ replies })}
        />
      )}
      {data.who === 'listed' && (
        <PeoplePicker
          label={t`People who can post`}
          people={people}
          selected={data.posters}
          onChange={(ids) => change({ people: ids })}
        />
      )}
      {set.error && <Notice tone="error">{cleanError(set.error)}</Notice>}
    </section>
  )
}

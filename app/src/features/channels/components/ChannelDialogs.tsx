// Creating and browsing channels; starting direct messages. A channel's settings and adding
// people to it are ChannelSettingsDialog.tsx and AddPeopleDialog.tsx.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { PeoplePicker } from '../../../ui/PeoplePicker.tsx'
import type { Person } from '../../../ui/PeoplePicker.tsx'
import { useChannelMutations } from '../data/channel-mutations.ts'
import { usePublicChannelsQuery } from '../data/browse-query.ts'
import { normaliseChannelName, validateChannelName } from '../data/types.ts'

export interface Base {
  workspaceId: string
  open: boolean
  onClose: () => void
}

export function CreateChannelDialog({
  workspaceId,
  open,
  onClose,
  people,
}: Base & { people: Person[] }) {
  const [name, setName] = useState('')
  const [topic, setTopic] = useState('')
  const [isPrivate, setPrivate] = useState(false)
  const [members, setMembers] = useState<string[]>([])
  const [touched, setTouched] = useState(false)
  const { create } = useChannelMutations(workspaceId)
  const nameError = touched ? validateChannelName(name) : null
  const willBe = name && (normaliseChannelName(name) || '…')

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validateChannelName(name)) return
    create.mutate(
      { workspaceId, name, topic, kind: isPrivate ? 'private' : 'public', memberIds: members },
      {
        onSuccess: (id) => {
          onClose()
          setName('')
          setTopic('')
          setMembers([])
          navigate(`/w/${workspaceId}/c/${id}`)
        },
      }
    )
  }

  return (
    <Dialog title={t`Create a channel`} open={open} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label={t`Name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          hint={willBe ? t`Will be #${willBe}` : t`Lower case, dashes instead of spaces.`}
          autoFocus
          data-autofocus
        />
        <Field
          label={t`Topic (optional)`}
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          maxLength={250}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={isPrivate}
            onChange={(e) => setPrivate(e.target.checked)}
          />
          {t`Private: only people added can see it`}
        </label>
        {people.length > 0 && (
          <PeoplePicker
            label={t`Add people (optional)`}
            people={people}
            selected={members}
            onChange={setMembers}
          />
        )}
        {create.error && <Notice tone="error">{cleanError(create.error)}</Notice>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {t`Create`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

export function BrowseChannelsDialog({
  workspaceId,
  open,
  onClose,
  joinedIds,
}: Base & { joinedIds: ReadonlySet<string> }) {
  const query = usePublicChannelsQuery(workspaceId, open)
  const { join } = useChannelMutations(workspaceId)
  const [filter, setFilter] = useState('')
  const channels = (query.data ?? []).filter(
    (c) => !filter || (c.name ?? '').includes(filter.trim().toLowerCase())
  )
  return (
    <Dialog title={t`Browse channels`} open={open} onClose={onClose}>
      <div className="stack">
        <Field
          label={t`Search channels`}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {query.isPending ? (
          <Spinner />
        ) : query.error ? (
          <Notice tone="error">{cleanError(query.error)}</Notice>
        ) : channels.length === 0 ? (
          <p className="muted">
            {t`No public channels match. Create one with the + next to Channels.`}
          </p>
        ) : (
          <ul className="browse-list">
            {channels.map((c) => {
              const joined = joinedIds.has(c.id)
              const name = c.name ?? ''
              return (
                <li key={c.id}>
                  <div>
                    <strong>#{c.name}</strong>
                    {c.archivedAt && <span className="muted"> {t`(archived)`}</span>}
                    {c.topic && <p className="muted">{c.topic}</p>}
                  </div>
                  {joined ? (
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => {
                        onClose()
                        navigate(`/w/${workspaceId}/c/${c.id}`)
                      }}
                    >
                      {t`Open`}
                    </button>
                  ) : (
                    <span className="browse-actions">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t`View #${name}`}
                        onClick={() => {
                          onClose()
                          navigate(`/w/${workspaceId}/c/${c.id}`)
                        }}
                      >
                        {t`View`}
                      </button>
                      {!c.archivedAt && (
                        <button
                          type="button"
                          className="button button-small button-primary"
                          disabled={join.isPending}
                          onClick={() =>
                            join.mutate(c.id, {
                              onSuccess: () => {
                                onClose()
                                navigate(`/w/${workspaceId}/c/${c.id}`)
                              },
                            })
                          }
                        >
                          {t`Join`}
                        </button>
                      )}
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
        )}
        {join.error && <Notice tone="error">{cleanError(join.error)}</Notice>}
      </div>
    </Dialog>
  )
}

export function NewDmDialog({ workspaceId, open, onClose, people }: Base & { people: Person[] }) {
  const [selected, setSelected] = useState<string[]>([])
  const { openDm } = useChannelMutations(workspaceId)
  return (
    <Dialog title={t`New direct message`} open={open} onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          openDm.mutate(selected, {
            onSuccess: (id) => {
              onClose()
              setSelected([])
              navigate(`/w/${workspaceId}/c/${id}`)
            },
          })
        }}
      >
        <PeoplePicker
          label={t({ message: 'Message', comment: 'Label of the people to write to (To:)' })}
          people={people}
          selected={selected}
          onChange={setSelected}
        />
        <p className="muted">
          {t`Pick one person for a direct message, several for a group; none for notes to yourself.`}
        </p>
        {openDm.error && <Notice tone="error">{cleanError(openDm.error)}</Notice>}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button button-primary" disabled={openDm.isPending}>
            {t`Open conversation`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

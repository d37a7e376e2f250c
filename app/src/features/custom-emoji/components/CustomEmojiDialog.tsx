// Settings, Custom emoji (a lazy chunk, from the workspace menu): the workspace's own emoji with
// their image, name, aliases, who added each and when; adding one (an image and a name, aliases
// too) for whoever the workspace lets add them; removing one, for its uploader or an admin (old
// messages and reactions then show its `:name:` as text); and, for admins, who may add them.
import { plural, t } from '@lingui/core/macro'
import { useEffect, useMemo, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { dateLabel } from '../../../lib/date-formats.ts'
import { memberName } from '../../../lib/member-name.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { FileButton } from '../../../ui/FileButton.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { confirmed } from '../../../ui/layers.ts'
import { Select } from '../../../ui/Select.tsx'
import type { Member, Role } from '../../workspaces/index.ts'
import {
  MAX_BYTES,
  NAME,
  TYPES,
  cleanName,
  nameFromFile,
  parseAliases,
  useCustomEmojiChanges,
  useCustomEmojiList,
  useCustomEmojiLive,
  useCustomEmojiPolicy,
} from '../data/custom-emoji.ts'
import type { AddedBy, CustomEmoji } from '../data/custom-emoji.ts'
import './custom-emoji.css'

export interface Props {
  workspaceId: string
  workspaceName: string
  role: Role
  isAdmin: boolean
  me: string
  members: Member[]
  onClose: () => void
}

/** What is wrong with a chosen image, if anything. */
function imageProblem(file: File): string | null {
  if (!TYPES.includes(file.type)) return t`Choose a PNG, GIF or WebP image.`
  if (file.size > MAX_BYTES) return t`The image is larger than 1 MB: choose a smaller one.`
  return null
}

export default function CustomEmojiDialog(props: Props) {
  const { workspaceId, isAdmin, me, onClose } = props
  const list = useCustomEmojiList(workspaceId)
  useCustomEmojiLive(workspaceId, props.role !== 'guest')
  const policy = useCustomEmojiPolicy(workspaceId)
  const changes = useCustomEmojiChanges(workspaceId)
  const canAdd = isAdmin || (props.role === 'member' && policy.data === 'members')
  const nameOf = (id: string | null) => memberName(props.members, id)
  const error = changes.remove.error ?? changes.policy.error

  const remove = (e: CustomEmoji) => {
    const name = `:${e.name}:`
    void confirmed({
      title: t`Remove emoji`,
      body: t`Remove ${name}? Messages and reactions that use it will show ${name} as text.`,
      confirm: t`Remove`,
      danger: true,
    }).then((ok) => ok && changes.remove.mutate(e))
  }

  return (
    <Dialog title={t`Custom emoji`} open onClose={onClose} wide>
      <p className="muted">
        {t`Emoji of your own for everyone in this workspace: type :name: in a message or pick them in the emoji picker.`}
      </p>
      {/* The list and who may add come as two answers: shown together, so that nothing moves
          under a pointer as the second one comes (the admins' setting, arriving last, made the
          centred dialog taller and moved its buttons up). */}
      {list.isPending || policy.isPending ? (
        <Spinner label={t`Loading custom emoji…`} />
      ) : (
        <div className="custom-emoji-body">
          {canAdd ? (
            <AddEmoji workspaceId={workspaceId} />
          ) : (
            policy.data && (
              <p className="muted">{t`Only the workspace’s owners and admins can add custom emoji.`}</p>
            )
          )}
          {isAdmin && policy.data && (
            <Select
              label={t`Who can add custom emoji`}
              value={policy.data}
              disabled={changes.policy.isPending}
              options={[
                { value: 'members', label: t`Everyone but guests` },
                { value: 'admins', label: t`Only owners and admins` },
              ]}
              onValueChange={(v: AddedBy) => changes.policy.mutate(v)}
            />
          )}
          {error && <Notice tone="error">{cleanError(error)}</Notice>}
          <EmojiList
            emoji={list.data}
            error={list.error}
            nameOf={nameOf}
            mayRemove={(e) => isAdmin || e.createdBy === me}
            removing={changes.remove.isPending}
            onRemove={remove}
          />
        </div>
      )}
    </Dialog>
  )
}

/** The workspace's emoji, searchable once there are more than 8, each with who added it and
 * when, and Remove where I may. */
function EmojiList(props: {
  emoji: CustomEmoji[] | undefined
  error: Error | null
  nameOf: (id: string | null) => string
  mayRemove: (e: CustomEmoji) => boolean
  removing: boolean
  onRemove: (e: CustomEmoji) => void
}) {
  const { nameOf } = props
  const [query, setQuery] = useState('')
  const all = props.emoji ?? []
  const q = cleanName(query)
  const shown = q ? all.filter((e) => [e.name, ...e.aliases].some((n) => n.includes(q))) : all
  const count = all.length
  return (
    <section className="custom-emoji-section" aria-labelledby="custom-emoji-count">
      <div className="custom-emoji-head">
        <h3 id="custom-emoji-count">{plural(count, { one: '# emoji', other: '# emoji' })}</h3>
        {count > 8 && (
          <input
            type="search"
            className="custom-emoji-search"
            aria-label={t`Search custom emoji`}
            placeholder={t`Search custom emoji`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        )}
      </div>
      {props.error && <Notice tone="error">{cleanError(props.error)}</Notice>}
      {props.emoji && count === 0 && (
        <p className="muted">{t`This workspace has no custom emoji yet.`}</p>
      )}
      {shown.length === 0 && count > 0 && (
        <p className="muted">{t`No custom emoji match “${query}”.`}</p>
      )}
      {shown.length > 0 && (
        <ul className="custom-emoji-list" aria-label={t`Custom emoji`}>
          {shown.map((e) => {
            const name = `:${e.name}:`
            const who = nameOf(e.createdBy)
            const when = dateLabel(e.createdAt)
            return (
              <li key={e.id} className="custom-emoji-item">
                <img className="custom-emoji-image" src={e.url} alt={name} />
                <div className="custom-emoji-about">
                  {/* Names read left to right, placed as the row's other lines (right, in Arabic). */}
                  <strong>
                    <bdi dir="ltr">{name}</bdi>
                  </strong>
                  {e.aliases.length > 0 && (
                    <span className="muted">
                      <bdi dir="ltr">{e.aliases.map((a) => `:${a}:`).join(' ')}</bdi>
                    </span>
                  )}
                  <span className="muted">{t`Added by ${who} on ${when}`}</span>
                </div>
                {props.mayRemove(e) && (
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t`Remove ${name}`}
                    disabled={props.removing}
                    onClick={() => props.onRemove(e)}
                  >
                    {t`Remove`}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The form that adds one: the image (previewed), its name and aliases. */
function AddEmoji({ workspaceId }: { workspaceId: string }) {
  const changes = useCustomEmojiChanges(workspaceId)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [aliases, setAliases] = useState('')
  const [touched, setTouched] = useState(false)
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  const clean = cleanName(name)
  const nameError =
    touched && clean && !NAME.test(clean)
      ? t`Use lowercase letters, digits, - and _ (at most 30).`
      : null

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (!file || !NAME.test(clean)) return
    changes.add.mutate(
      { file, name: clean, aliases: parseAliases(aliases) },
      {
        onSuccess: () => {
          setFile(null)
          setName('')
          setAliases('')
          setTouched(false)
        },
      }
    )
  }

  return (
    <form
      className="custom-emoji-add"
      onSubmit={submit}
      noValidate
      aria-label={t`Add custom emoji`}
    >
      <h3>{t`Add custom emoji`}</h3>
      <div className="custom-emoji-pick">
        <span className="custom-emoji-preview" aria-hidden={!preview}>
          {preview && <img src={preview} alt={t`Chosen image`} />}
        </span>
        <FileButton
          label={t`Choose an image`}
          changeLabel={t`Choose another image`}
          accept={TYPES.join(',')}
          file={file}
          onChange={(chosen) => {
            if (!chosen) return setFile(null)
            const wrong = imageProblem(chosen)
            setProblem(wrong)
            if (wrong) return
            setFile(chosen)
            if (!name) setName(nameFromFile(chosen.name))
          }}
        />
        <span className="muted">{t`PNG, GIF or WebP, at most 1 MB; shown square, up to 128 pixels.`}</span>
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
      <Field
        label={t`Name`}
        hint={t`Type it between colons, as :partyparrot:.`}
        placeholder="partyparrot"
        dir="ltr"
        value={name}
        maxLength={32}
        error={nameError}
        onBlur={() => setTouched(true)}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={t`Aliases (optional)`}
        hint={t`Other names for it, separated by commas.`}
        // eslint-disable-next-line lingui/no-unlocalized-strings -- emoji names, not words
        placeholder="parrot-party, pp"
        dir="ltr"
        value={aliases}
        onChange={(e) => setAliases(e.target.value)}
      />
      {changes.add.error && <Notice tone="error">{cleanError(changes.add.error)}</Notice>}
      <button
        type="submit"
        className="button button-primary"
        disabled={!file || !clean || changes.add.isPending}
      >
        {changes.add.isPending ? t`Adding…` : t`Add emoji`}
      </button>
    </form>
  )
}

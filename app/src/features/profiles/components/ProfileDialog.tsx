import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Suspense, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { chosenLanguage } from '../../../lib/i18n.ts'
import { keepLanguage } from '../../../lib/language-choice.ts'
import type { Language } from '../../../lib/i18n.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { FileButton } from '../../../ui/FileButton.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { validateDisplayName } from '../../../lib/validation.ts'
import { PersonParts } from '../../person-parts.tsx'
import { SecurityPanel } from '../../security/index.ts'
import { StatusEmoji, StatusPanel, useStatusOf } from '../../status/index.ts'
import { useProfileQuery } from '../data/profile-query.ts'
import { checkAvatar, useUpdateProfile } from '../data/profile-update-mutation.ts'
import { reloadApp } from '../data/reload.ts'
import { browserTimeZone } from '../data/time-zone.ts'
import type { Profile } from '../data/types.ts'
import { Avatar } from './Avatar.tsx'
import { LanguageField } from './LanguageField.tsx'
import { TimeZoneField } from './TimeZoneField.tsx'

interface Props {
  userId: string
  email: string
  open: boolean
  onClose: () => void
  onSignOut: () => void
}

export function ProfileDialog({ userId, email, open, onClose, onSignOut }: Props) {
  const profile = useProfileQuery(userId, open)
  const [security, setSecurity] = useState(false)
  const [status, setStatus] = useState(false)
  if (status) {
    return (
      <Dialog title={t`Set a status`} open={open} onClose={onClose}>
        <Suspense fallback={<Spinner />}>
          <StatusPanel me={userId} onDone={() => setStatus(false)} />
        </Suspense>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setStatus(false)}>
            {t`Back to your profile`}
          </button>
        </div>
      </Dialog>
    )
  }
  if (security) {
    return (
      <Dialog title={t`Security`} open={open} onClose={onClose}>
        <Suspense fallback={<Spinner />}>
          <SecurityPanel email={email} />
        </Suspense>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setSecurity(false)}>
            {t`Back to your profile`}
          </button>
        </div>
      </Dialog>
    )
  }
  return (
    <Dialog title={t`Your profile`} open={open} onClose={onClose}>
      <PersonParts place="badge" userId={userId} />
      {profile.data ? (
        <ProfileForm
          key={userId}
          userId={userId}
          email={email}
          profile={profile.data}
          onSignOut={onSignOut}
          onSecurity={() => setSecurity(true)}
          onStatus={() => setStatus(true)}
        />
      ) : profile.error ? (
        <Notice tone="error">{cleanError(profile.error)}</Notice>
      ) : null}
    </Dialog>
  )
}

function ProfileForm({
  userId,
  email,
  profile,
  onSignOut,
  onSecurity,
  onStatus,
}: {
  userId: string
  email: string
  profile: Profile
  onSignOut: () => void
  onSecurity: () => void
  onStatus: () => void
}) {
  const current = useStatusOf(userId)
  const [name, setName] = useState(profile.displayName)
  // A profile kept on this device before the language was in it has none: the device's choice.
  const [language, setLanguage] = useState<Language | null>(profile.language ?? chosenLanguage())
  // A profile not given one yet (its first screen's moment has not come): this device's.
  const [timeZone, setTimeZone] = useState(profile.timeZone ?? browserTimeZone())
  const [avatarProblem, setAvatarProblem] = useState<string | null>(null)
  const [photo, setPhoto] = useState<File | null>(null)
  const update = useUpdateProfile(userId)
  const nameError = validateDisplayName(name)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (nameError) return
    // The language shows after a reload, once it is saved (Slack does the same).
    update.mutate(
      {
        displayName: name,
        language,
        ...(timeZone && timeZone !== profile.timeZone ? { timeZone } : {}),
      },
      {
        onSuccess: () => {
          if (keepLanguage(language)) reloadApp()
        },
      }
    )
  }

  return (
    <div className="stack">
      <div className="profile-avatar-row">
        <Avatar name={profile.displayName} userId={userId} path={profile.avatarPath} size={72} />
        <FileButton
          label={t`Choose a photo…`}
          changeLabel={t`Change photo…`}
          accept="image/png,image/jpeg,image/webp,image/gif"
          file={photo}
          disabled={update.isPending}
          onChange={(file) => {
            setPhoto(file)
            if (!file) return
            const problem = checkAvatar(file)
            setAvatarProblem(problem)
            if (!problem) update.mutate({ avatar: file })
          }}
        />
      </div>
      {avatarProblem && <Notice tone="error">{avatarProblem}</Notice>}
      <button type="button" className="button" onClick={onStatus}>
        {current ? (
          <Trans>
            <StatusEmoji userId={userId} withText /> · Change your status
          </Trans>
        ) : (
          t`Set a status`
        )}
      </button>
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label={t`Display name`}
          value={name}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <LanguageField value={language} onChange={setLanguage} />
        <TimeZoneField value={timeZone} onChange={setTimeZone} />
        <p className="muted">{t`Signed in as ${email}`}</p>
        <button type="button" className="button" onClick={onSecurity}>
          {t`Security: two-factor sign-in, sessions, password, email`}
        </button>
        {update.error && <Notice tone="error">{cleanError(update.error)}</Notice>}
        {update.isSuccess && <Notice tone="success">{t`Saved.`}</Notice>}
        <div className="dialog-actions">
          <button type="button" className="button button-danger" onClick={onSignOut}>
            {t`Sign out`}
          </button>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {t`Save`}
          </button>
        </div>
      </form>
    </div>
  )
}

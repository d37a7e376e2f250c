import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { Field } from '../../../ui/Field.tsx'
import { Link } from '../../../ui/Link.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useAuth, useSignOut, useUserId } from '../../auth/index.ts'
import { validateName } from '../../../lib/validation.ts'
import { useCreateWorkspace } from '../data/workspace-mutations.ts'
import { ImportDialog } from '../../imports/index.ts'

/** The product's name above the Welcome card, as on the sign-in card (auth's AuthLayout). */
const PRODUCT_NAME = 'Chorus'

/** Where someone without a workspace lands (with who is signed in, and a way out), and the
 * "new workspace" page. */
export function CreateWorkspacePage({ first }: { first: boolean }) {
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const create = useCreateWorkspace()
  const me = useUserId()
  const error = touched ? validateName(name, 'workspace name') : null

  const auth = useAuth()
  const email = auth.status === 'signed-in' ? (auth.session.user.email ?? '') : ''
  const signOut = useSignOut()
  const [importing, setImporting] = useState(false)
  const [created, setCreated] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (validateName(name, 'workspace name')) return
    // Moving from Slack: Import from Slack opens over this page for the new workspace.
    create.mutate(name, { onSuccess: (id) => (importing ? setCreated(id) : navigate(`/w/${id}`)) })
  }

  return (
    <main className="center-screen">
      <div className="card">
        {first && (
          <div className="brand" aria-hidden="true">
            <span className="brand-mark">C</span> {PRODUCT_NAME}
          </div>
        )}
        <h1>{first ? t`Welcome to Chorus` : t`Create a workspace`}</h1>
        {first && (
          <p className="muted">
            {t`A workspace is where your team talks. Create one, or open the invite link a teammate sent you.`}
          </p>
        )}
        <form onSubmit={submit} className="stack" noValidate>
          <Field
            label={t`Workspace name`}
            placeholder={t`e.g. Acme design team`}
            value={name}
            error={error}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={importing}
              onChange={(e) => setImporting(e.target.checked)}
            />
            {t`Then import our history from a Slack export`}
          </label>
          {create.error && <Notice tone="error">{cleanError(create.error)}</Notice>}
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? t`Creating…` : t`Create workspace`}
          </button>
        </form>
        {created && (
          <Suspense fallback={null}>
            <ImportDialog
              workspaceId={created}
              workspaceName={name}
              me={me}
              open
              onClose={() => navigate(`/w/${created}`)}
            />
          </Suspense>
        )}
        {first ? (
          <p className="auth-links">
            <span className="muted">{t`Signed in as ${email}`}</span>
            <button
              type="button"
              className="link-button"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              {t`Sign out`}
            </button>
          </p>
        ) : (
          <p className="auth-links">
            <Link href="/">{t`Back`}</Link>
          </p>
        )}
      </div>
    </main>
  )
}

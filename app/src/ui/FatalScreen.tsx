import { t } from '@lingui/core/macro'
export function FatalScreen({ title, detail }: { title: string; detail: string }) {
  return (
    <main className="center-screen" role="alert">
      <div className="card">
        <h1>{title}</h1>
        <p className="muted">{detail}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t`Reload`}
        </button>
      </div>
    </main>
  )
}

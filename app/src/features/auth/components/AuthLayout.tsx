import type { ReactNode } from 'react'

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="center-screen">
      <div className="card auth-card">
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span> Chorus
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  )
}

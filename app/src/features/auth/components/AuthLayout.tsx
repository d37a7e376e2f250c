import type { ReactNode } from 'react'

/** The product's name: the same in every language. */
const PRODUCT_NAME = 'Chorus'

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="center-screen">
      <div className="card auth-card">
        <div className="brand" aria-hidden="true">
          <span className="brand-mark">C</span> {PRODUCT_NAME}
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  )
}

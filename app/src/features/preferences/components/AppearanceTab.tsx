// Preferences → Appearance: the theme (Light, Dark, or the system's) and the sidebar's density,
// each applied at once on this device and kept on my account (data/appearance.ts).
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { RadioGroup } from '../../../ui/RadioGroup.tsx'
import { deviceAppearance, useSaveAppearance } from '../data/appearance.ts'
import type { Appearance, Density } from '../data/appearance.ts'

type Theme = 'light' | 'dark' | 'system'

/** A small picture of the app in a theme: sidebar, lines of text, the accent. */
function Swatch({ theme }: { theme: Theme }) {
  return (
    <span className={`theme-swatch theme-swatch-${theme}`}>
      <span className="theme-swatch-sidebar" />
      <span className="theme-swatch-main">
        <span className="theme-swatch-line" />
        <span className="theme-swatch-line theme-swatch-short" />
        <span className="theme-swatch-accent" />
      </span>
    </span>
  )
}

export function AppearanceTab({ me }: { me: string }) {
  const [appearance, setAppearance] = useState<Appearance>(deviceAppearance)
  const save = useSaveAppearance(me)
  const change = (next: Appearance) => {
    setAppearance(next)
    save.mutate(next)
  }
  return (
    <div className="stack preferences-tab">
      <section className="preferences-section">
        <RadioGroup<Theme>
          label={t`Theme`}
          cards
          value={appearance.theme ?? 'system'}
          onValueChange={(theme) =>
            change({ ...appearance, theme: theme === 'system' ? null : theme })
          }
          options={[
            { value: 'light', label: t`Light`, picture: <Swatch theme="light" /> },
            { value: 'dark', label: t`Dark`, picture: <Swatch theme="dark" /> },
            {
              value: 'system',
              label: t`System`,
              hint: t`Follows your device`,
              picture: <Swatch theme="system" />,
            },
          ]}
        />
      </section>
      <section className="preferences-section">
        <RadioGroup<Density>
          label={t`Sidebar density`}
          value={appearance.density}
          onValueChange={(density) => change({ ...appearance, density })}
          options={[
            {
              value: 'comfortable',
              label: t`Comfortable`,
              hint: t`More space between channels`,
            },
            { value: 'compact', label: t`Compact`, hint: t`More channels on screen` },
          ]}
        />
      </section>
      {save.error && (
        <p role="alert" className="error">
          {cleanError(save.error)}
        </p>
      )}
    </div>
  )
}

// One choice of a few, on Radix's RadioGroup: a radiogroup named by its label, the arrows moving
// and choosing, one Tab stop. Each option may show a picture of itself (a theme's swatch).
import * as RadixRadio from '@radix-ui/react-radio-group'
import { useId } from 'react'
import type { ReactNode } from 'react'
import './controls.css'
import { pageDirection } from './direction.ts'

export interface RadioOption<T extends string> {
  value: T
  label: string
  hint?: string
  /** Drawn above the label (decorative: hidden from screen readers). */
  picture?: ReactNode
}

interface Props<T extends string> {
  label: string
  value: T
  options: readonly RadioOption<T>[]
  onValueChange: (value: T) => void
  /** Options side by side as cards (a theme's), else one under another. */
  cards?: boolean
}

export function RadioGroup<T extends string>({
  label,
  value,
  options,
  onValueChange,
  cards,
}: Props<T>) {
  const id = useId()
  return (
    <div className="field">
      <span id={id}>{label}</span>
      <RadixRadio.Root
        dir={pageDirection()}
        aria-labelledby={id}
        className={cards ? 'radio-group radio-cards' : 'radio-group'}
        value={value}
        onValueChange={(v) => onValueChange(v as T)}
      >
        {options.map((o) => (
          <label key={o.value} className="radio-option">
            {o.picture && (
              <span className="radio-picture" aria-hidden="true">
                {o.picture}
              </span>
            )}
            <span className="radio-line">
              <RadixRadio.Item value={o.value} className="radio">
                <RadixRadio.Indicator className="radio-dot" />
              </RadixRadio.Item>
              <span>
                {o.label}
                {o.hint && <span className="field-hint radio-hint">{o.hint}</span>}
              </span>
            </span>
          </label>
        ))}
      </RadixRadio.Root>
    </div>
  )
}

// An on/off setting on Radix's Switch: a button with role switch named by its label (clicking the
// label flips it too), its state said as checked; an optional hint under the label, said with it.
import * as RadixSwitch from '@radix-ui/react-switch'
import { useId } from 'react'
import type { ReactNode } from 'react'
import './controls.css'

interface Props {
  label: string
  hint?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}

export function Switch({ label, hint, checked, onCheckedChange, disabled }: Props) {
  const id = useId()
  return (
    <div className="switch-row">
      <div className="switch-text">
        <label htmlFor={id}>{label}</label>
        {hint && (
          <div id={`${id}-hint`} className="field-hint">
            {hint}
          </div>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        className="switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <RadixSwitch.Thumb className="switch-thumb" />
      </RadixSwitch.Root>
    </div>
  )
}

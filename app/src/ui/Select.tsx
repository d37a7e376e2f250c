// A select on Radix's Select: a button (role combobox) named by its visible label that opens a
// listbox beside it; arrows, Home/End and typing move through the options, Escape closes and the
// focus comes back. Its list is put in the modal <dialog> the select is in (the rest of the page
// is inert then), else the body. Not a native <select>: the same look in every browser and theme.
import * as RadixSelect from '@radix-ui/react-select'
import { useId, useState } from 'react'
import { Icon } from './Icon.tsx'
import './controls.css'
import { pageDirection } from './direction.ts'

export interface SelectOption<T extends string> {
  value: T
  label: string
  /** A second, muted line or column: "GMT+1" beside a time zone. */
  hint?: string
}

interface Props<T extends string> {
  label: string
  /** The label is for screen readers only (a row that says it otherwise). */
  hideLabel?: boolean
  value: T
  options: readonly SelectOption<T>[]
  onValueChange: (value: T) => void
  disabled?: boolean
  /** Said under the select, and with it. */
  hint?: string
}

export function Select<T extends string>({
  label,
  hideLabel,
  value,
  options,
  onValueChange,
  disabled,
  hint,
}: Props<T>) {
  const id = useId()
  const [host, setHost] = useState<HTMLElement | null>(null)
  const chosen = options.find((o) => o.value === value)
  return (
    <div className="field select-field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <RadixSelect.Root
        dir={pageDirection()}
        value={value}
        onValueChange={(v) => onValueChange(v as T)}
        disabled={disabled}
      >
        <RadixSelect.Trigger
          id={id}
          ref={(el) => setHost(el?.closest('dialog') ?? null)}
          className="select-trigger"
          aria-describedby={hint ? `${id}-hint` : undefined}
        >
          <span className="select-value">
            <RadixSelect.Value>{chosen?.label ?? value}</RadixSelect.Value>
          </span>
          <RadixSelect.Icon className="select-icon">
            <Icon name="chevron-down" size={16} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal container={host ?? undefined}>
          <RadixSelect.Content
            className="select-content"
            position="popper"
            sideOffset={4}
            collisionPadding={8}
          >
            <RadixSelect.Viewport className="select-viewport">
              {options.map((o) => (
                <RadixSelect.Item key={o.value} value={o.value} className="select-item">
                  <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                  {o.hint && <span className="select-hint">{o.hint}</span>}
                  <RadixSelect.ItemIndicator className="select-check">
                    <Icon name="check" size={14} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  )
}

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
  /** What typing finds it by, when not the start of its label: a time zone's city. */
  textValue?: string
  /** The option's own language ("Deutsch" among the languages), for screen readers. */
  lang?: string
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
  /** Shown while the value is '' (no option chosen yet): "Add to a channel…". */
  placeholder?: string
  /** The label beside the select, on its line ("Sort [Newest first]"), not above it. */
  inline?: boolean
}

/** Past this many options the list is rendered only while open. */
const LONG_LIST = 60

export function Select<T extends string>({
  label,
  hideLabel,
  value,
  options,
  onValueChange,
  disabled,
  hint,
  placeholder,
  inline,
}: Props<T>) {
  const id = useId()
  const [host, setHost] = useState<HTMLElement | null>(null)
  const [open, setOpen] = useState(false)
  const chosen = options.find((o) => o.value === value)
  // A long list (every time zone) is made only while open: closed, Radix keeps every option
  // rendered (off the page), which made each keystroke elsewhere in its form render them all.
  const shown = open || options.length <= LONG_LIST ? options : chosen ? [chosen] : []
  return (
    <div className={inline ? 'select-field select-inline' : 'field select-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <RadixSelect.Root
        dir={pageDirection()}
        value={value}
        open={open}
        onOpenChange={setOpen}
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
            <RadixSelect.Value placeholder={placeholder}>
              {chosen?.lang ? (
                <span lang={chosen.lang}>{chosen.label}</span>
              ) : (
                (chosen?.label ?? value)
              )}
            </RadixSelect.Value>
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
              {shown.map((o) => (
                <RadixSelect.Item
                  key={o.value}
                  value={o.value}
                  textValue={o.textValue}
                  className="select-item"
                >
                  <RadixSelect.ItemText>
                    {o.lang ? <span lang={o.lang}>{o.label}</span> : o.label}
                  </RadixSelect.ItemText>
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

// A file chooser in the design system's look: a button ("Choose a photo…") that opens the
// browser's file picker through a visually hidden <input type=file>, then the chosen file's name
// and size with a way to choose another or clear it. Not the browser's own control, which looks
// different in every browser and speaks its own language ("Choose file / No file chosen"). The
// input is out of the tab order and hidden from assistive technology: the button is the control,
// described by the chosen file; the choice is announced (a polite live region) and the focus
// stays on the button (it comes back to it when the choice is cleared).
import { t } from '@lingui/core/macro'
import { useId, useRef } from 'react'
import { formatSize } from '../lib/sizes.ts'
import { Icon } from './Icon.tsx'
import { IconButton } from './IconButton.tsx'
import './controls.css'

interface Props {
  /** The button before a file is chosen: "Choose a .zip file…". */
  label: string
  /** The button once one is: "Choose another file…" (the label when not given). */
  changeLabel?: string
  /** What the picker offers (the input's accept): ".zip,application/zip". */
  accept: string
  /** The file chosen, shown with its size; undefined when the caller takes it at once (shows none). */
  file?: File | null
  onChange: (file: File | null) => void
  /** Offers to clear the choice (a file chosen and not yet used). */
  clearable?: boolean
  disabled?: boolean
}

export function FileButton({
  label,
  changeLabel,
  accept,
  file,
  onChange,
  clearable,
  disabled,
}: Props) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const name = file?.name ?? ''
  return (
    <div className="file-button">
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden
        disabled={disabled}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null
          // The same file chosen again is a change again (a retry after an error).
          e.target.value = ''
          if (chosen) onChange(chosen)
        }}
      />
      <button
        ref={button}
        type="button"
        className="button"
        disabled={disabled}
        aria-describedby={file ? `${id}-chosen` : undefined}
        onClick={() => input.current?.click()}
      >
        <Icon name="paperclip" size={16} />
        {file ? (changeLabel ?? label) : label}
      </button>
      {/* The file and its clear button stay on one line, the name cut short if need be. */}
      <span className="file-button-file">
        <span id={`${id}-chosen`} className="file-button-chosen" aria-live="polite">
          {file && (
            <>
              <Icon name="file-text" size={16} />
              <span className="file-button-name" title={name}>
                <bdi>{name}</bdi>
              </span>
              <span className="file-button-size">{formatSize(file.size)}</span>
            </>
          )}
        </span>
        {file && clearable && (
          <IconButton
            icon="x"
            label={t`Clear ${name}`}
            disabled={disabled}
            onClick={() => {
              onChange(null)
              button.current?.focus()
            }}
          />
        )}
      </span>
    </div>
  )
}

// The app's confirmation dialog (layers.ts loads its chunk on the first call), on Radix's
// AlertDialog: role alertdialog named by its title and described by its question, Tab kept
// inside, Cancel focused first, Escape cancels, the focus given back to what had it. Each is
// rendered in a root of its own, into the top modal <dialog> when one is open (the rest of the
// page is inert then: a layer outside it could not be reached) or the body.
// The overlay is a plain element, not Radix's: Radix's locks the page's scrolling with a <style>
// it writes into the page, which the Content-Security-Policy refuses (no inline styles), and the
// app's page never scrolls as a whole (its lists scroll inside it), so there is nothing to lock.
import { t } from '@lingui/core/macro'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useRef } from 'react'
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import './confirm-dialog.css'

export interface ConfirmOptions {
  /** Short, saying the action: "Delete message". */
  title: string
  /** The question, with what follows from it. */
  body?: string
  /** The button that does it: "Delete". */
  confirm: string
  /** A destructive action: its button in the danger colour. */
  danger?: boolean
}

/** Where a new layer goes: the top modal dialog, or the body. */
export function layerHost(): HTMLElement {
  const modals = [...document.querySelectorAll('dialog[open]')].filter((d) => d.matches(':modal'))
  return (modals[modals.length - 1] as HTMLElement | undefined) ?? document.body
}

/** Makes everything but `layer` (and what holds it) inert until the returned function runs.
 * Radix hides the rest of the page from screen readers with aria-hidden, but its buttons stay
 * focusable there (axe: aria-hidden-focus, serious); inert takes them out of the focus order too,
 * as a modal <dialog> does. */
function inertOthers(layer: HTMLElement): () => void {
  const made: HTMLElement[] = []
  for (let node: HTMLElement = layer; node.parentElement; node = node.parentElement) {
    if (node === document.body) break
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) {
        sibling.inert = true
        made.push(sibling)
      }
    }
  }
  return () => made.forEach((element) => (element.inert = false))
}

/** Renders one dialog in a root of its own until it calls `close`, then removes it. */
function mount<T>(render: (close: (value: T) => void) => ReactNode): Promise<T> {
  return new Promise((resolve) => {
    const container = document.createElement('div')
    container.className = 'layer-root'
    layerHost().append(container)
    const restore = inertOthers(container)
    const root = createRoot(container)
    // What had the focus has it back (Radix gives it to a Trigger, and these have none).
    const opener = document.activeElement
    let done = false
    const close = (value: T) => {
      if (done) return
      done = true
      root.unmount()
      container.remove()
      restore()
      const now = document.activeElement
      if (opener instanceof HTMLElement && opener.isConnected && (!now || now === document.body))
        opener.focus()
      resolve(value)
    }
    root.render(render(close))
  })
}

function Confirm({ options, close }: { options: ConfirmOptions; close: (ok: boolean) => void }) {
  const { title, body, confirm, danger } = options
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && close(false)}>
      <div className="layer-overlay" aria-hidden="true" />
      <AlertDialog.Content
        className="confirm-dialog"
        onCloseAutoFocus={(e) => e.preventDefault()}
        {...(body ? {} : { 'aria-describedby': undefined })}
      >
        <AlertDialog.Title className="confirm-title">{title}</AlertDialog.Title>
        {body && <AlertDialog.Description className="confirm-body">{body}</AlertDialog.Description>}
        <div className="confirm-actions">
          <AlertDialog.Cancel className="button">{t`Cancel`}</AlertDialog.Cancel>
          <AlertDialog.Action
            className={danger ? 'button button-danger-solid' : 'button button-primary'}
            onClick={() => close(true)}
          >
            {confirm}
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}

function ShowText({ title, text, close }: { title: string; text: string; close: () => void }) {
  const field = useRef<HTMLInputElement>(null)
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && close()}>
      <div className="layer-overlay" aria-hidden="true" />
      <AlertDialog.Content
        className="confirm-dialog"
        aria-describedby={undefined}
        onCloseAutoFocus={(e) => e.preventDefault()}
        onOpenAutoFocus={(e) => {
          e.preventDefault()
          field.current?.focus()
          field.current?.select()
        }}
      >
        <AlertDialog.Title className="confirm-title">{title}</AlertDialog.Title>
        <input
          ref={field}
          className="confirm-text"
          readOnly
          dir="auto"
          value={text}
          aria-label={title}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="confirm-actions">
          <AlertDialog.Cancel className="button button-primary">{t`Close`}</AlertDialog.Cancel>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}

export const ask = (options: ConfirmOptions): Promise<boolean> =>
  mount<boolean>((close) => <Confirm options={options} close={close} />)

export const showText = (title: string, text: string): Promise<void> =>
  mount<void>((close) => <ShowText title={title} text={text} close={() => close()} />)

/** Leaving a channel (`null`: a direct message), worded here: its settings are first-screen code. */
export const askLeave = (channel: string | null, isPublic: boolean): Promise<boolean> =>
  ask({
    title: channel === null ? t`Leave this conversation?` : t`Leave #${channel}?`,
    body: isPublic
      ? t`You can join it again at any time from Browse channels.`
      : t`To come back, someone in it has to add you again.`,
    confirm: t`Leave`,
    danger: !isPublic,
  })

/** A message's delete, worded here: the message list that calls it is on the first screen. */
export const askDelete = (): Promise<boolean> =>
  ask({
    title: t`Delete this message?`,
    body: t`This cannot be undone.`,
    confirm: t`Delete`,
    danger: true,
  })

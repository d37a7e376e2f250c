// The toasts (layers.ts loads their chunk on the first call), on Radix's Toast: a labelled region
// (F8 reaches it) in a root of its own at the end of the body; each toast announced, an error
// assertively (type foreground), the rest politely; each closes by itself after a while (held
// while hovered or focused), by its close button, by Escape or swiped away. An action ("Undo")
// closes it too.
import { t } from '@lingui/core/macro'
import * as Toast from '@radix-ui/react-toast'
import { useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { Icon } from './Icon.tsx'
import './confirm-dialog.css'

export interface ToastOptions {
  message: string
  tone?: 'error' | 'info'
  /** A button in the toast, such as "Undo": it runs once and closes the toast. */
  action?: { label: string; run: () => void }
  /** A row of choices under the message ("Remind me:" In 20 minutes, In 1 hour, …); each runs
   * once and closes the toast. */
  choices?: { label: string; actions: { label: string; run: () => void }[] }
}

interface Shown extends ToastOptions {
  id: number
}

let shown: Shown[] = []
let next = 1
const listeners = new Set<() => void>()
const set = (list: Shown[]) => {
  shown = list
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const remove = (id: number) => set(shown.filter((s) => s.id !== id))

function Toasts() {
  const list = useSyncExternalStore(subscribe, () => shown)
  const rtl = document.documentElement.dir === 'rtl'
  const notifications = t`Notifications`
  return (
    <Toast.Provider label={notifications} swipeDirection={rtl ? 'left' : 'right'}>
      {list.map((s) => (
        <Toast.Root
          key={s.id}
          className={`toast toast-${s.tone ?? 'info'}${s.choices ? ' toast-with-choices' : ''}`}
          type={s.tone === 'error' ? 'foreground' : 'background'}
          duration={s.choices ? 10000 : s.action ? 8000 : 6000}
          onOpenChange={(open) => !open && remove(s.id)}
        >
          <Toast.Description className="toast-message" dir="auto">
            {s.message}
          </Toast.Description>
          {s.choices && (
            <div className="toast-choices" role="group" aria-label={s.choices.label}>
              <span className="toast-choices-label" aria-hidden="true">
                {s.choices.label}
              </span>
              {s.choices.actions.map((choice) => (
                <Toast.Action
                  key={choice.label}
                  className="button button-small"
                  altText={`${s.choices?.label ?? ''} ${choice.label}`}
                  onClick={choice.run}
                >
                  {choice.label}
                </Toast.Action>
              ))}
            </div>
          )}
          {s.action && (
            <Toast.Action
              className="button button-small"
              altText={s.action.label}
              onClick={s.action.run}
            >
              {s.action.label}
            </Toast.Action>
          )}
          <Toast.Close className="icon-button" aria-label={t`Dismiss`}>
            <Icon name="x" size={14} />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix puts the key that reaches the region (F8) in place of {hotkey}. */}
      <Toast.Viewport className="toast-viewport" label={`${notifications} ({hotkey})`} />
    </Toast.Provider>
  )
}

let mounted = false

/** "You left #channel." with Undo (joining again), worded here, as ConfirmDialog's askLeave. */
export const showLeft = (channel: string, undo: () => void): void =>
  show({ message: t`You left #${channel}.`, action: { label: t`Undo`, run: undo } })

export function show(options: ToastOptions): void {
  if (!mounted) {
    mounted = true
    const container = document.createElement('div')
    container.className = 'layer-root'
    document.body.append(container)
    createRoot(container).render(<Toasts />)
  }
  set([...shown, { ...options, id: next++ }])
}

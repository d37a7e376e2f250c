// The shortcuts list (Ctrl+/ or ⌘/, from SearchLauncher's keys): every shortcut of the registry,
// by where it works. A lazy chunk of its own, loaded when first opened.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { Fragment } from 'react'
import { Dialog } from '../../ui/Dialog.tsx'
import { keyParts, SHORTCUTS } from './registry.ts'
import './shortcuts.css'

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t`Keyboard shortcuts`} open onClose={onClose} wide>
      <div className="shortcuts">
        {SHORTCUTS.map((group) => (
          <table key={group.title.id} className="shortcuts-group">
            <caption>{i18n._(group.title)}</caption>
            <tbody>
              {group.shortcuts.map((shortcut) => (
                <tr key={shortcut.label.id}>
                  <th scope="row">{i18n._(shortcut.label)}</th>
                  <td>
                    {shortcut.keys.map((keys, i) => (
                      <Fragment key={keys}>
                        {i > 0 && <span className="shortcuts-or"> {t`or`} </span>}
                        <kbd data-keys={keys}>
                          {keyParts(keys).map((part, j) => (
                            <Fragment key={j}>
                              {j > 0 && '+'}
                              <kbd>{part}</kbd>
                            </Fragment>
                          ))}
                        </kbd>
                      </Fragment>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Dialog>
  )
}

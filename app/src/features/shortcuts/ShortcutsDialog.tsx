// The shortcuts list (Ctrl+/ or ⌘/, from SearchLauncher's keys): every shortcut of the registry,
// by where it works. A lazy chunk of its own, loaded when first opened.
import { Fragment } from 'react'
import { Dialog } from '../../ui/Dialog.tsx'
import { keyParts, SHORTCUTS } from './registry.ts'
import './shortcuts.css'

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" open onClose={onClose} wide>
      <div className="shortcuts">
        {SHORTCUTS.map((group) => (
          <table key={group.title} className="shortcuts-group">
            <caption>{group.title}</caption>
            <tbody>
              {group.shortcuts.map((shortcut) => (
                <tr key={shortcut.label}>
                  <th scope="row">{shortcut.label}</th>
                  <td>
                    {shortcut.keys.map((keys, i) => (
                      <Fragment key={keys}>
                        {i > 0 && <span className="shortcuts-or"> or </span>}
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

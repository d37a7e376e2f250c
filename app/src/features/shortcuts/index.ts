// The keyboard shortcuts list (Ctrl/Cmd+/): a lazy chunk, opened by search's SearchLauncher.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const ShortcutsDialog = lazyRetrying(() => import('./ShortcutsDialog.tsx'), NotLoaded)

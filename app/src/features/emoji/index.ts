// The full emoji picker is a lazy chunk (it carries the emoji data): import it only this way.
import { lazy } from 'react'

export const EmojiPickerDialog = lazy(() => import('./components/EmojiPicker.tsx'))

// Search in the channel header (slots/header.ts): the search box and the keys that open search,
// the quick switcher and the shortcuts list.
import type { HeaderPart } from '../../slots/header.ts'
import { SearchLauncher } from './components/SearchLauncher.tsx'

export default { order: 10, Part: SearchLauncher } satisfies HeaderPart

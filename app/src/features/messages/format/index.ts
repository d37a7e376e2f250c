// The message box's tools (ComposerTools.tsx): a chunk of their own, which the composer renders
// (and so fetches) once the first screen is shown, so the first screen carries none of the
// toolbar, its tooltips or its keys.
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import type { ToolsProps } from './ComposerTools.tsx'
export type { ToolsHandle } from './ComposerTools.tsx'

export const ComposerTools = lazyRetrying<ToolsProps>(() => import('./ComposerTools.tsx'), Nothing)

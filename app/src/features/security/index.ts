// The security feature's public face: Settings, Security (two-factor sign-in, sessions, email,
// workspace policy), a chunk of its own.
import { lazy } from 'react'

export const SecurityPanel = lazy(() => import('./components/SecurityPanel.tsx'))
/** The shell's "Workspace not available", or why two-factor sign-in keeps it closed. */
export const ClosedWorkspace = lazy(() => import('./components/ClosedWorkspace.tsx'))

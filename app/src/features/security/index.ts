// The security feature's public face: Settings, Security (two-factor sign-in, sessions, email,
// workspace policy), a chunk of its own.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'

export const SecurityPanel = lazyRetrying(() => import('./components/SecurityPanel.tsx'), NotLoaded)
/** Auth's OAuth 2.1 consent page (/oauth/consent): a third-party app asks to use the account. */
export const OAuthConsentPage = lazyRetrying<{ authorizationId: string | null }>(
  () => import('./components/OAuthConsentPage.tsx'),
  NotLoaded
)

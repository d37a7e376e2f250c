// The auth feature's public face: other features import only from here.
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
export { authState, startAuth, storedSession } from './data/session-store.ts'
export type { AuthState } from './data/session-store.ts'
export { useAuth, useUserId } from './data/use-auth.ts'
export { useSignOut } from './data/sign-out.ts'
export { installRefreshHold, useRefreshHeld } from './data/refresh-hold.ts'
export { needsCode } from './data/assurance.ts'
export { loadedSignInPage, loadSignInPage } from './sign-in-loader.ts'
// The signed-out pages other than signing in: chunks of their own, so that the entry a signed-in
// person loads does not carry them.
export const SignUpPage = lazyRetrying<Record<string, never>>(
  () => import('./components/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })),
  NotLoaded
)
export const ForgotPasswordPage = lazyRetrying<Record<string, never>>(
  () =>
    import('./components/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
  NotLoaded
)
export const ResetLinkExpiredPage = lazyRetrying<Record<string, never>>(
  () =>
    import('./components/ResetLinkExpiredPage.tsx').then((m) => ({
      default: m.ResetLinkExpiredPage,
    })),
  NotLoaded
)

// Pages of the signed-in chunk seldom shown (a reset link, the second factor's code): chunks of
// their own, loaded when shown.
export const ResetPasswordPage = lazyRetrying<Record<string, never>>(
  () =>
    import('./components/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })),
  NotLoaded
)
export const MfaChallengePage = lazyRetrying<Record<string, never>>(
  () => import('./components/MfaChallengePage.tsx').then((m) => ({ default: m.MfaChallengePage })),
  NotLoaded
)

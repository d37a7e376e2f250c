// What stands in for a part of the app whose code could not be loaded (lib/lazy.ts): it says so
// where that part would be (a panel, a dialog, a list), and the rest of the page keeps working.
import { t } from '@lingui/core/macro'

export function NotLoaded() {
  return (
    <div className="notice notice-error" role="alert">
      {t`This could not be loaded. Check your connection.`}{' '}
      <button type="button" className="link-button" onClick={() => window.location.reload()}>
        {t`Reload the page`}
      </button>
    </div>
  )
}

// The profile's language kept on this device (data/use-language-sync.ts), my appearance with it
// (features/preferences) and my time zone set from the browser when the profile has none
// (data/use-time-zone-sync.ts): a component of its own chunk, rendered by live-part.tsx once the
// first screen is shown.
import { useAppearanceSync } from '../../preferences/index.ts'
import { useLanguageSync } from '../data/use-language-sync.ts'
import { useTimeZoneSync } from '../data/use-time-zone-sync.ts'

export function LanguageSync({ me }: { me: string }) {
  useLanguageSync(me)
  useAppearanceSync(me)
  useTimeZoneSync(me)
  return null
}

// The profile's language kept on this device (data/use-language-sync.ts), and my appearance with
// it (features/preferences): a component of its own chunk, rendered by live-part.tsx once the
// first screen is shown.
import { useAppearanceSync } from '../../preferences/index.ts'
import { useLanguageSync } from '../data/use-language-sync.ts'

export function LanguageSync({ me }: { me: string }) {
  useLanguageSync(me)
  useAppearanceSync(me)
  return null
}

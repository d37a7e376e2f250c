// The profile's language kept on this device (data/use-language-sync.ts): a component of its own
// chunk, rendered by live-part.tsx once the first screen is shown.
import { useLanguageSync } from '../data/use-language-sync.ts'

export function LanguageSync({ me }: { me: string }) {
  useLanguageSync(me)
  return null
}

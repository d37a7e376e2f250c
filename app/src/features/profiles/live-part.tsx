// My language kept in step with my profile while a workspace is open (slots/live.ts): a language
// chosen on another device is taken here too, reloading the app to show it.
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { useLanguageSync } from './data/use-language-sync.ts'

function LanguageSync({ me }: LivePartProps) {
  useLanguageSync(me)
  return null
}

const part: LivePart = { Live: LanguageSync }
export default part

import { t } from '@lingui/core/macro'
export function TypingIndicator({ names }: { names: string[] }) {
  const [first = '', second = ''] = names
  let text = ''
  if (names.length === 1) text = t`${first} is typing…`
  else if (names.length === 2) text = t`${first} and ${second} are typing…`
  else if (names.length > 2) text = t`Several people are typing…`
  return (
    <div className="typing-indicator" aria-live="polite">
      {text}
    </div>
  )
}

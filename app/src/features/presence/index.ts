export { usePresence } from './data/usePresence.ts'
export { useTyping } from './data/useTyping.ts'
export type { Typing } from './data/useTyping.ts'
export { TypingIndicator } from './components/TypingIndicator.tsx'

// Pins reach the message screen through its extension slot (../message-extensions.ts).
export { usePinsExtension } from './message-extension.tsx'

// Pins reach the message screen through its extension slot: message-extension.tsx (its default
// export), found by ../message-extensions.ts.
export { usePinsExtension } from './message-extension.tsx'

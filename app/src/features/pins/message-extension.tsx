// Pins in the message screen's extension slot (slots/message.ts): a stub
// (../lazy-message-feature.tsx) whose chunk, PinsSlot.tsx, brings the pin action, the "Pinned"
// marker and the pinned bar once the first screen is up ("Pinned" is the first marker).
import { lazyMessageFeature } from '../lazy-message-feature.tsx'

/** In the slot (features/message-extensions.ts finds it by this file's name). */
export default lazyMessageFeature('pins', 10, () => import('./PinsSlot.tsx'))

// Pins reach the message screen through its extension slot: message-extension.tsx (its default
// export, a stub of PinsSlot.tsx), found by ../message-extensions.ts.
export {}

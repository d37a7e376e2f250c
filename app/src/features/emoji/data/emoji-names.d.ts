// The emoji picker's names in a language (app/scripts/emoji-names.ts makes these modules).
declare module 'virtual:emoji-names-*' {
  const names: Record<string, string[]>
  export default names
}

// Preferences: the dialogs are the workspace's (feature.ts); my appearance follows my account on
// every device (profiles' LanguageSync runs it with the language's, after the first screen).
export { useAppearanceSync } from './data/use-appearance-sync.ts'

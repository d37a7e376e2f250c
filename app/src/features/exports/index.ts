// Exports (issue 34, part 2): Settings, Export, opened from the workspace menu, and the notice of a
// change to what exports hold (feature.ts: slots/workspace.ts). The building is the
// exports Edge Function's, in the background; the app asks, shows the state and hands out
// the download link. Nothing else imports this feature.
export {}

// Reloading the app to show another language (issue 53): nothing on screen keeps the old one, as
// in Slack. A module of its own, so that tests can stand in for it (jsdom cannot reload).
export function reloadApp(): void {
  window.location.reload()
}

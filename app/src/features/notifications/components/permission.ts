// Whether this browser may show notifications now (the person granted them).
export function permitted(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted'
}

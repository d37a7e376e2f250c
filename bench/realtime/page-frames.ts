// The per-person benchmark's count of the Realtime frames in the app's page: a script wrapping the
// page's WebSocket, the frames as it records them, and a topic's kind (ids left out).

// Counts the Realtime socket's frames in the page: [time, topic, event] for every frame received
// (text frames are Phoenix JSON arrays; binary ones realtime-js's kind-4 user broadcasts), and
// every join and leave sent.
export const COUNTER = `
  window.__rt = { received: [], joins: [], leaves: [], sockets: 0, notes: [] }
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols)
      if (!String(url).includes('/realtime/')) return
      window.__rt.sockets++
      this.addEventListener('message', (e) => {
        let topic = '?', event = '?'
        if (typeof e.data === 'string') {
          const m = JSON.parse(e.data)
          topic = m[2]; event = m[3]
          if (event === 'broadcast' && m[4] && typeof m[4].event === 'string') event = 'broadcast:' + m[4].event
        } else if (e.data instanceof ArrayBuffer) {
          const view = new DataView(e.data)
          const decoder = new TextDecoder()
          const topicSize = view.getUint8(1), eventSize = view.getUint8(2)
          topic = decoder.decode(e.data.slice(5, 5 + topicSize))
          event = 'broadcast:' + decoder.decode(e.data.slice(5 + topicSize, 5 + topicSize + eventSize))
        }
        window.__rt.received.push([performance.now(), topic, event])
        if (event === 'system' || event === 'phx_close' || event === 'phx_error') window.__rt.notes.push([performance.now(), topic, event, String(e.data).slice(0, 300)])
      })
      const send = this.send.bind(this)
      this.send = (data) => {
        if (typeof data === 'string') {
          const m = JSON.parse(data)
          if (m[3] === 'phx_join') window.__rt.joins.push(m[2])
          if (m[3] === 'phx_leave') window.__rt.leaves.push(m[2])
        }
        return send(data)
      }
    }
  }`

export type Frame = [number, string, string]

/** A topic with its ids as <id>. */
export function kind(topic: string): string {
  return topic.replace(/^realtime:/, '').replace(/[0-9a-f-]{36}/g, '<id>')
}

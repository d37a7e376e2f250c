// Whether a connection is still there. Phoenix closes a socket that sent no frame for its
// timeout (60 s; realtime-js heartbeats every 25 s), so a browser whose network went away (no
// FIN, no RST: a laptop's Wi-Fi off, a phone in a tunnel) stayed in everyone's presence for up to
// a minute. Here the server also pings a connection that has been quiet for a third of
// `livenessMs` (a WebSocket ping: every browser answers it below JavaScript, a hidden tab too) and
// cuts off one that answered nothing, frame or pong, for `livenessMs`: its presence leaves within
// that time. The idle timeout still holds for a peer that answers pings but sends no frames.
// Pure: the server's sweep asks it about each connection.

export interface Heard {
  /** When the connection last sent a frame. */
  lastFrame: number
  /** When it last sent anything: a frame or a pong. */
  lastHeard: number
}

export type Verdict = 'fine' | 'ping' | 'cut'

export function livenessVerdict(
  connection: Heard,
  now: number,
  limits: { idleTimeoutMs: number; livenessMs: number }
): Verdict {
  if (now - connection.lastFrame >= limits.idleTimeoutMs) return 'cut'
  if (limits.livenessMs <= 0) return 'fine'
  const quiet = now - connection.lastHeard
  if (quiet >= limits.livenessMs) return 'cut'
  return quiet >= limits.livenessMs / 3 ? 'ping' : 'fine'
}

/** How often the server sweeps its connections. */
export function sweepEveryMs(limits: { idleTimeoutMs: number; livenessMs: number }): number {
  const shortest =
    limits.livenessMs > 0
      ? Math.min(limits.idleTimeoutMs, limits.livenessMs / 3)
      : limits.idleTimeoutMs
  return Math.max(50, Math.min(5000, Math.floor(shortest / 4)))
}

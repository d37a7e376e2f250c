// Slack's request signing (v0), which the servers Chorus calls verify as they verify Slack's:
// X-Slack-Signature = "v0=" + hex(HMAC-SHA256(signing secret, "v0:" + timestamp + ":" + body)).

const encoder = new TextEncoder()

/** Hex HMAC-SHA256 of `text` with `secret`. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign']
  )
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** `v0=<hex>`: Slack's X-Slack-Signature of this body at this timestamp (seconds). */
export async function slackSignature(
  secret: string,
  timestamp: string,
  body: string
): Promise<string> {
  return `v0=${await hmacHex(secret, `v0:${timestamp}:${body}`)}`
}

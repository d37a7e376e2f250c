// Stopping a stack while a request is in flight: the request is answered, and the stop ends as
// soon as it is, not when the answered connection's keep-alive (72 s) runs out; nor does a
// connection that has sent nothing yet (a browser's preconnect, an HTTP client's spare one) hold
// it up until the server's headers timeout (60 s).
import { connect } from 'node:net'
import { expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'

/** The function answers this long after it began: a slow server on purpose (the scenario). */
const ANSWER_AFTER_MS = 1500
/** Well under the 72 s keep-alive the stop used to wait out after the answer. */
const STOP_BOUND_MS = 30_000

/** The function runs in this process: it says when it began (performance.now()) through this. */
const inProcess = globalThis as { slowFunctionBegan?: (at: number) => void }

it('answers a function call in flight, then stops without waiting out its keep-alive', async () => {
  const stack = await startTestStack({
    config: 'project_id = "stop-in-flight"\n[functions.slow]\nverify_jwt = false\n',
    files: {
      'functions/slow/index.ts':
        'export default async () => {\n' +
        '  globalThis.slowFunctionBegan?.(performance.now())\n' +
        `  await new Promise((resolve) => setTimeout(resolve, ${ANSWER_AFTER_MS}))\n` +
        "  return new Response('answered')\n" +
        '}\n',
    },
  })
  const functionBegan = new Promise<number>((resolve) => (inProcess.slowFunctionBegan = resolve))
  // fetch keeps its connection alive after the answer, as a browser or supabase-js does.
  const call = fetch(`${stack.url}/functions/v1/slow`, { method: 'POST', body: '{}' }).then(
    async (response) => ({ status: response.status, body: await response.text() })
  )
  // The request is in flight: the function is running.
  const answering = await functionBegan
  delete inProcess.slowFunctionBegan
  const began = performance.now()
  await stack.stop()
  const stopped = performance.now()
  expect(await call).toEqual({ status: 200, body: 'answered' })
  // The stop waited for the answer, and no longer than the bound.
  expect(stopped - answering).toBeGreaterThanOrEqual(ANSWER_AFTER_MS - 50)
  expect(stopped - began).toBeLessThan(STOP_BOUND_MS)
}, 60_000)

it('stops at once when a connection has sent nothing yet, and closes that connection', async () => {
  const stack = await startTestStack({ config: 'project_id = "stop-silent"\n' })
  const { hostname, port } = new URL(stack.url)
  const silent = connect({ host: hostname, port: Number(port) })
  await new Promise<void>((resolve, reject) =>
    silent.once('connect', resolve).once('error', reject)
  )
  const closed = new Promise<void>((resolve) => silent.once('close', () => resolve()))
  silent.on('error', () => {})
  const began = performance.now()
  await stack.stop()
  const took = performance.now() - began
  await closed
  expect(took).toBeLessThan(STOP_BOUND_MS)
}, 120_000)

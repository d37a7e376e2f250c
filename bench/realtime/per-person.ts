// What one person's Chorus asks of Realtime, measured in the real app: a person who is a member
// of N channels (150 by default) of a workspace signs in in headless Chromium (the production
// build, the local stack) and opens #general, while others of the workspace, in Node with
// supabase-js, are online (presence), chat and type. The page's WebSocket is wrapped to count
// every topic joined and every frame received, by topic and event; phases are timed so that each
// rate has its cause:
//   1. others send R messages a second into channels the person has not open;
//   2. the same into the channel the person has open;
//   3. one other types in the open channel (the app's typing broadcast), the others change their
//      presence state (away and back) once each.
//
//   node --import tsx bench/realtime/per-person.ts [--channels 150] [--others 9] [--rate 2] [--seconds 20]
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import ws from 'ws'
import { startBenchStack } from '../support/stack.ts'
import { ROOT } from '../support/processes.ts'
import { COUNTER, kind } from './page-frames.ts'
import type { Frame } from './page-frames.ts'

const { values } = parseArgs({
  options: {
    channels: { type: 'string', default: '150' },
    others: { type: 'string', default: '9' },
    rate: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '20' },
    'no-build': { type: 'boolean', default: false },
  },
})
const CHANNELS = Number(values.channels)
const OTHERS = Number(values.others)
const RATE = Number(values.rate)
const SECONDS = Number(values.seconds)
const DIST = path.join(ROOT, 'app', 'dist')
const PASSWORD = 'bench-password-1'

interface Other {
  client: SupabaseClient
  userId: string
  presence: RealtimeChannel
}

async function main(): Promise<void> {
  if (!values['no-build'] || !existsSync(path.join(DIST, 'index.html'))) {
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: path.join(ROOT, 'app'),
        stdio: 'inherit',
      }
    )
  }
  const bench = await startBenchStack('per-person', { appDist: DIST })
  const { stack, sql } = bench
  const options = { auth: { persistSession: false }, realtime: { transport: ws as never } }
  const admin = createClient(stack.apiUrl, stack.keys.serviceRoleKey, options)
  const signedIn = async (email: string) => {
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    })
    if (created.error) throw created.error
    const client = createClient(stack.apiUrl, stack.keys.anonKey, options)
    const session = await client.auth.signInWithPassword({ email, password: PASSWORD })
    if (session.error) throw session.error
    client.realtime.setAuth(session.data.session.access_token)
    return { client, userId: created.data.user.id }
  }
  let browser: Browser | null = null
  const others: Other[] = []
  try {
    const person = await signedIn('person@example.test')
    const workspace = await person.client
      .rpc('create_workspace', { p_name: 'Team' })
      .single<{ id: string }>()
    if (workspace.error) throw workspace.error
    const workspaceId = workspace.data.id
    const channelIds: string[] = []
    for (let i = 1; channelIds.length < CHANNELS - 1; i++) {
      const made = await person.client
        .rpc('create_channel', {
          p_workspace_id: workspaceId,
          p_name: `channel-${i}`,
          p_kind: 'public',
        })
        .single<{ id: string }>()
      if (made.error) throw made.error
      channelIds.push(made.data.id)
    }
    const [general] = await sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${workspaceId} and is_default`
    const generalId = general!.id
    for (let i = 0; i < OTHERS; i++) {
      const other = await signedIn(`other${i}@example.test`)
      // Bulk membership with triggers off (their live broadcasts, thousands of them, would
      // count against the tenant's message rate, averaged over the minute, for the whole run).
      await sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`
        await tx`insert into public.workspace_members (workspace_id, user_id, role)
          values (${workspaceId}, ${other.userId}, 'member')`
        await tx`insert into public.channel_members (channel_id, workspace_id, user_id)
          select id, workspace_id, ${other.userId} from public.channels where workspace_id = ${workspaceId}`
      })
      others.push({
        ...other,
        presence: other.client.channel(`workspace:${workspaceId}`, { config: { private: true } }),
      })
    }
    const [{ count }] = (await sql`select count(*)::int as count from public.channel_members
      where user_id = ${person.userId}`) as unknown as [{ count: number }]
    console.error(`seeded: the person in ${count} channels, ${OTHERS} others in all of them`)

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    const page: Page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage()
    await page.addInitScript({ content: COUNTER })
    await page.goto(`${stack.appUrl}/sign-in`)
    await page.getByLabel('Email').fill('person@example.test')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/w\//)
    await page.goto(`${stack.appUrl}/w/${workspaceId}/c/${generalId}`)
    await page.getByRole('region', { name: /^Channel general/ }).waitFor()
    // Settled: every join answered (the page has as many phx_reply frames as joins sent).
    await page.waitForFunction(() => {
      const rt = (window as unknown as { __rt: { joins: string[]; received: Frame[] } }).__rt
      const replies = rt.received.filter((f) => f[2] === 'phx_reply').length
      return rt.joins.length >= 5 && replies >= rt.joins.length
    })

    // The others come online (presence on the workspace's topic, as the app tracks).
    for (const other of others) {
      await new Promise<void>((resolve, reject) => {
        other.presence.subscribe((status) => {
          if (status === 'SUBSCRIBED') {
            void other.presence
              .track({
                user_id: other.userId,
                online_at: new Date().toISOString(),
                state: 'active',
              })
              .then(() => resolve())
          } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(status))
        })
      })
    }

    const now = () => page.evaluate(() => performance.now())
    const phases: Array<{ name: string; from: number; to: number; sent: number }> = []
    const chat = async (name: string, channelFor: (i: number) => string) => {
      const from = await now()
      const total = Math.round(RATE * SECONDS)
      const began = performance.now()
      for (let i = 0; i < total; i++) {
        const other = others[i % others.length]!
        const sent = await other.client.rpc('send_message', {
          p_id: randomUUID(),
          p_channel_id: channelFor(i),
          p_body: `message ${i}`,
        })
        if (sent.error) throw sent.error
        const due = began + ((i + 1) * 1000) / RATE
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
      }
      phases.push({ name, from, to: await now(), sent: total })
    }
    await chat(`${RATE} msg/s in channels not open`, (i) => channelIds[i % channelIds.length]!)
    await chat(`${RATE} msg/s in the open channel`, () => generalId)

    // Typing: one other, a signal every 2 s for SECONDS (the app sends at most one per 2 s
    // while someone types, and a stop); then each other goes away and comes back.
    const typist = others[0]!.client.channel(`channel:${generalId}`, { config: { private: true } })
    await new Promise<void>((resolve) => typist.subscribe((s) => s === 'SUBSCRIBED' && resolve()))
    const from = await now()
    const signals = Math.round(SECONDS / 2)
    for (let i = 0; i < signals; i++) {
      await typist.send({
        type: 'broadcast',
        event: 'typing',
        payload: { user_id: others[0]!.userId, typing: true },
      })
      await new Promise((resolve) => setTimeout(resolve, 2000))
    }
    for (const other of others) {
      for (const state of ['away', 'active']) {
        await other.presence.untrack()
        await other.presence.track({
          user_id: other.userId,
          online_at: new Date().toISOString(),
          state,
        })
      }
    }
    // Let the last frames arrive: wait until nothing new came for a second.
    let last = -1
    for (;;) {
      const seen = await page.evaluate(
        () => (window as unknown as { __rt: { received: Frame[] } }).__rt.received.length
      )
      if (seen === last) break
      last = seen
      await page.waitForTimeout(1000)
    }
    phases.push({
      name: `typing (${signals} signals) and ${OTHERS * 2} presence changes`,
      from,
      to: await now(),
      sent: signals,
    })

    const rt = (await page.evaluate(() => (window as unknown as { __rt: unknown }).__rt)) as {
      received: Frame[]
      joins: string[]
      leaves: string[]
      sockets: number
      notes: Array<[number, string, string, string]>
    }
    const open = new Set<string>()
    for (const t of rt.joins) open.add(t)
    for (const t of rt.leaves) open.delete(t)
    console.log('')
    for (const [t, topic, event, data] of rt.notes)
      console.log(`at ${(t / 1000).toFixed(1)} s: ${kind(topic)} ${event} ${data}`)
    console.log(`Chorus in Chromium: a person in ${count} channels, ${OTHERS} others online`)
    console.log(
      `Realtime sockets opened: ${rt.sockets}; topics joined now: ${open.size} (${[...open].map(kind).join(', ')})`
    )
    for (const phase of phases) {
      const frames = rt.received.filter(
        ([t, topic, event]) =>
          t >= phase.from && t <= phase.to && topic !== 'phoenix' && event !== 'phx_reply'
      )
      const seconds = (phase.to - phase.from) / 1000
      const byKind = new Map<string, number>()
      for (const [, topic, event] of frames) {
        const key = `${kind(topic)} ${event}`
        byKind.set(key, (byKind.get(key) ?? 0) + 1)
      }
      console.log(
        `\n${phase.name}: ${frames.length} frames in ${seconds.toFixed(1)} s = ${(frames.length / seconds).toFixed(2)}/s; ${(frames.length / phase.sent).toFixed(2)} per message or signal sent`
      )
      for (const [key, n] of [...byKind].sort((a, b) => b[1] - a[1]))
        console.log(`  ${String(n).padStart(5)}  ${key}`)
    }
  } finally {
    for (const other of others) await other.client.removeAllChannels()
    await browser?.close()
    await bench.stop()
  }
}

await main()

// Outgoing events' security (see events.test.ts): outbound requests refused to private,
// link-local and (with the test setting off) loopback addresses, only http(s) URLs without
// credentials; subscriptions and deliveries shown to admins only, the signing secret to nobody
// through any API, rotation; old deliveries dropped after a week; and the cron job reaching the
// function by itself.
import { describe, expect, it } from 'vitest'
import { eventsHarness } from './support/events-kit.ts'
import { signatureValid } from './support/events-receiver.ts'
import { asRole, makeMessage } from './support/world.ts'

const h = eventsHarness()
const { subscribe, callFunction, verify, verified, deliveriesOf, requestsTo } = h

describe('outbound requests', () => {
  it('refuses loopback addresses once the test setting is off, and metadata addresses always', async () => {
    const sub = await subscribe(h.world.people.admin, 'ok')
    process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '0'
    try {
      const answer = await verify(sub)
      expect(answer.json.verified).toBe(false)
      expect(String(answer.json.error)).toMatch(/127\.0\.0\.1/)
      // a delivery to it (as if verified before) fails at once, never retried
      await h.stack
        .sql`update public.event_subscriptions set url_verified = true where id = ${sub.id}`
      await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'to nowhere')
      await callFunction({})
      const [d] = await deliveriesOf(sub)
      expect(d).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null })
      expect(d!.last_error).toMatch(/127\.0\.0\.1/)
    } finally {
      process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    }
    expect(h.receiver.at(new URL(sub.url).pathname)).toHaveLength(0)
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/events',
      'http://[::ffff:192.168.1.1]/',
    ]) {
      const [row] = await asRole(
        h.stack.sql,
        h.world.people.admin,
        (tx) =>
          tx<
            { id: string }[]
          >`select id from public.create_event_subscription(${h.world.ws}, ${url}, ${['message']})`
      )
      const answer = await verify({ id: row!.id })
      expect(answer.json.verified).toBe(false)
      expect(String(answer.json.error)).not.toBe('')
    }
  })

  it('takes only http(s) URLs without credentials', async () => {
    for (const url of [
      'ftp://example.com/x',
      'javascript:alert(1)',
      'https://user:pw@example.com/',
      'https://exa mple.com',
      '',
    ]) {
      const refused = await asRole(
        h.stack.sql,
        h.world.people.admin,
        (tx) => tx`select public.create_event_subscription(${h.world.ws}, ${url}, ${['message']})`
      ).then(
        () => 'made',
        (e: { code?: string }) => e.code
      )
      expect(refused).toBe('22023')
    }
    const bad = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) =>
        tx`select public.create_event_subscription(${h.world.ws}, 'https://example.com/', ${['message', 'everything']})`
    ).then(
      () => 'made',
      (e: { code?: string; message?: string }) => `${e.code} ${e.message}`
    )
    expect(bad).toBe('22023 Unknown event type.')
  })
})

describe('who sees what', () => {
  it('shows subscriptions and deliveries to admins only, and the secret to nobody', async () => {
    const sub = await verified(h.world.people.admin, 'ok', ['message'])
    await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'seen by admins')
    for (const person of [h.world.people.member, h.world.people.outsider]) {
      const rows = await asRole(h.stack.sql, person, async (tx) => [
        ...(await tx`select id from public.event_subscriptions where id = ${sub.id}`),
        ...(await tx`select id from public.event_deliveries where subscription_id = ${sub.id}`),
      ])
      expect(rows).toHaveLength(0)
    }
    const admin = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) => tx`select id from public.event_deliveries where subscription_id = ${sub.id}`
    )
    expect(admin).toHaveLength(1)
    // the secret: in no column of the API's tables, in a table no API role may read
    const columns = await h.stack.sql<{ column_name: string }[]>`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name in ('event_subscriptions', 'event_deliveries')`
    expect(columns.map((c) => c.column_name)).not.toContain('secret')
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [privilege] = await h.stack.sql<{ allowed: boolean }[]>`
        select has_table_privilege(${role}, 'private.event_subscription_secrets', 'select') as allowed`
      expect(privilege!.allowed).toBe(false)
    }
    const denied = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) => tx`select * from public.claim_event_deliveries(1)`
    ).then(
      () => 'ran',
      (e: { code?: string }) => e.code
    )
    expect(denied).toBe('42501')
    const adminClient = h.stack.client(h.stack.anonKey, {
      global: { headers: { Authorization: `Bearer ${h.world.people.admin.token}` } },
    })
    for (const fn of ['event_subscription_target', 'claim_event_deliveries']) {
      const { data, error } = await adminClient.rpc(
        fn,
        fn === 'event_subscription_target' ? { p_id: sub.id } : {}
      )
      expect(data).toBeNull()
      expect(error?.code).toBe('42501')
    }
    // the service key reads the table through REST, without any secret either
    const service = h.stack.client(h.stack.serviceRoleKey)
    const { data } = await service.from('event_subscriptions').select('*').eq('id', sub.id)
    expect(JSON.stringify(data)).not.toContain(sub.secret)
    // a rotated secret signs the next request; the old one no longer verifies
    const [rotated] = await asRole(
      h.stack.sql,
      h.world.people.admin,
      (tx) =>
        tx<
          { secret: string }[]
        >`select public.rotate_event_subscription_secret(${sub.id}) as secret`
    )
    expect(rotated!.secret).not.toBe(sub.secret)
    await callFunction({})
    const [last] = requestsTo(sub).slice(-1)
    expect(signatureValid(last!, rotated!.secret)).toBe(true)
    expect(signatureValid(last!, sub.secret)).toBe(false)
  })

  it('lets only admins create, change, pause and delete', async () => {
    const member = await asRole(
      h.stack.sql,
      h.world.people.member,
      (tx) =>
        tx`select public.create_event_subscription(${h.world.ws}, 'https://example.com/', ${['message']})`
    ).then(
      () => 'made',
      (e: { code?: string }) => e.code
    )
    expect(member).toBe('42501')
    const sub = await subscribe(h.world.people.admin, 'ok')
    for (const call of [
      (tx: Parameters<Parameters<typeof asRole>[2]>[0]) =>
        tx`select public.update_event_subscription(${sub.id}, ${['message']})`,
      (tx: Parameters<Parameters<typeof asRole>[2]>[0]) =>
        tx`select public.set_event_subscription_active(${sub.id}, false)`,
      (tx: Parameters<Parameters<typeof asRole>[2]>[0]) =>
        tx`select public.delete_event_subscription(${sub.id})`,
    ]) {
      const refused = await asRole(h.stack.sql, h.world.people.member, call).then(
        () => 'done',
        (e: { code?: string }) => e.code
      )
      expect(refused).toBe('22023')
    }
    await asRole(
      h.stack.sql,
      h.world.people.owner,
      (tx) => tx`select public.delete_event_subscription(${sub.id})`
    )
    expect(
      await h.stack
        .sql`select 1 from private.event_subscription_secrets where subscription_id = ${sub.id}`
    ).toHaveLength(0)
  })
})

describe('old deliveries', () => {
  it('drops delivered and failed ones after a week, keeps the others', async () => {
    const sub = await verified(h.world.people.admin, 'ok', ['message'])
    for (const text of ['one', 'two', 'three', 'four']) {
      await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, text)
    }
    const [a, b, c, d] = await deliveriesOf(sub)
    await h.stack.sql`
      update public.event_deliveries set created_at = now() - interval '8 days',
        status = case id when ${a!.id} then 'delivered' when ${b!.id} then 'failed'
          else 'retrying' end
      where id in (${a!.id}, ${b!.id}, ${c!.id})`
    await h.stack.sql`update public.event_deliveries set status = 'delivered' where id = ${d!.id}`
    const [forgotten] = await h.stack.sql<{ gone: number }[]>`
      select private.forget_old_event_deliveries() as gone`
    expect(forgotten!.gone).toBe(2)
    expect((await deliveriesOf(sub)).map((x) => x.id)).toEqual([c!.id, d!.id])
    const [job] = await h.stack.sql`
      select schedule from cron.job where jobname = 'chorus-outgoing-events-cleanup'`
    expect(job).toEqual({ schedule: '17 * * * *' })
  })
})

describe('the cron job', () => {
  it('posts to the function when a delivery is due', async () => {
    const sub = await verified(h.world.people.admin, 'ok', ['message'])
    await h.stack.sql`
      select cron.alter_job(jobid, schedule => '1 seconds', active => true) from cron.job
      where jobname = 'chorus-outgoing-events'`
    try {
      await makeMessage(h.stack.sql, h.world.people.member, h.world.ch.plaza, 'by the job')
      await expect
        .poll(async () => (await deliveriesOf(sub)).map((d) => d.status), { timeout: 30_000 })
        .toEqual(['delivered'])
    } finally {
      await h.stack.sql`
        select cron.alter_job(jobid, schedule => '5 seconds', active => false) from cron.job
        where jobname = 'chorus-outgoing-events'`
      // every request the job made has its answer (none still in the function when the stack stops)
      await expect
        .poll(
          async () =>
            (
              await h.stack.sql<{ settled: boolean }[]>`
                select not exists (select 1 from net.http_request_queue)
                  and coalesce((select max(id) from net._http_response), 0) >=
                    (select case when is_called then last_value else 0 end
                     from net.http_request_queue_id_seq) as settled`
            )[0]!.settled,
          { timeout: 20_000 }
        )
        .toBe(true)
    }
  }, 60_000)
})

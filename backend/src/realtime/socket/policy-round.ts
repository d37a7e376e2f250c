// One round of read-policy checks for every open private channel, in one database round trip:
// the same probe as at the join (private-auth.ts: rows for each topic written past RLS, then read
// back as the caller), run by one anonymous code block inside a transaction that is rolled back.
// Channels whose callers have the same role, claims and headers share one scope: it is set once,
// then only the topic changes between their checks. The round also reports the snapshot it
// started from, its own transaction id (snapshots.ts), the tables its checks read and their
// fingerprint (platform/58-realtime-policy-reads.sql): the next round may be skipped. The round's
// transaction is REPEATABLE READ, so that every check and the fingerprint see one snapshot.
import type { Database } from '../../db/database.ts'
import type { CallerScope, ReadPolicies } from './private-auth.ts'

/**
 * How many rows a fingerprint may sum for `channels` open private channels: about what a round
 * of their checks costs (a check about 0.2 ms, a row about a microsecond).
 */
export function fingerprintRows(channels: number): number {
  return Math.max(channels, 1) * 500
}

/** One caller on one topic. */
export interface RoundCheck {
  scope: CallerScope
  subTopic: string
}

export interface RoundResult {
  /** Per check, the policies; null where the caller's policy raised an error (isolated rounds). */
  policies: (ReadPolicies | null)[]
  /** pg_current_snapshot() as the round began. */
  snapshot: string
  /** The round's transaction id (its probes assign one). */
  xid: string | null
  /** The tables the checks read (oids, comma-separated; realtime.messages left out). */
  reads: string
  /** Their rows, and the policies and functions, as the round saw them. */
  fingerprint: string
  /** The same for the tables earlier rounds read alone (`base`). */
  baseFingerprint: string
}

/**
 * The work is read from the transaction-local setting realtime_local.recheck:
 * {isolate, topics: [...], scopes: [{settings: [name, value, …], checks: [[check, topic], …]}]}
 * (indexes from 0); the answer goes to realtime_local.recheck_result, one number per check
 * (1 broadcast, 2 presence, 3 both, 0 neither, -1 the policy failed).
 */
const ROUND_BLOCK = `do $round$
declare
  _work jsonb := current_setting('realtime_local.recheck')::jsonb;
  _isolate boolean := (_work->>'isolate')::boolean;
  _topics text[] := array(select jsonb_array_elements_text(_work->'topics'));
  _probes jsonb;
  _results int[] := array_fill(0, array[(_work->>'count')::int]);
  _scope jsonb;
  _settings jsonb;
  _pair jsonb;
  _topic text;
  _ids uuid[];
  _seen text[];
  _scoped boolean;
  i int;
begin
  perform set_config('role', 'service_role', true);
  with rows as (
    insert into realtime.messages (topic, extension)
    select t.name, e.extension
    from unnest(_topics) as t(name), (values ('broadcast'), ('presence')) as e(extension)
    returning realtime.messages.id, realtime.messages.topic, realtime.messages.extension
  )
  select jsonb_object_agg(r.topic || chr(1) || r.extension, r.id) into _probes from rows r;
  for _scope in select value from jsonb_array_elements(_work->'scopes') loop
    _settings := _scope->'settings';
    _scoped := true;
    if _isolate then
      begin
        for i in 0 .. jsonb_array_length(_settings) / 2 - 1 loop
          perform set_config(_settings->>(2 * i), _settings->>(2 * i + 1), true);
        end loop;
      exception when others then
        _scoped := false;
      end;
    else
      for i in 0 .. jsonb_array_length(_settings) / 2 - 1 loop
        perform set_config(_settings->>(2 * i), _settings->>(2 * i + 1), true);
      end loop;
    end if;
    for _pair in select value from jsonb_array_elements(_scope->'checks') loop
      if not _scoped then
        _results[(_pair->>0)::int + 1] := -1;
        continue;
      end if;
      _topic := _topics[(_pair->>1)::int + 1];
      _ids := array[(_probes->>(_topic || chr(1) || 'broadcast'))::uuid,
                   (_probes->>(_topic || chr(1) || 'presence'))::uuid];
      perform set_config('realtime.topic', _topic, true);
      if _isolate then
        begin
          select coalesce(array_agg(m.extension::text), '{}') into _seen
          from realtime.messages m where m.id = any(_ids);
        exception when others then
          _seen := null;
        end;
      else
        select coalesce(array_agg(m.extension::text), '{}') into _seen
        from realtime.messages m where m.id = any(_ids);
      end if;
      _results[(_pair->>0)::int + 1] := case when _seen is null then -1 else
        (case when 'broadcast' = any(_seen) then 1 else 0 end) +
        (case when 'presence' = any(_seen) then 2 else 0 end) end;
    end loop;
  end loop;
  perform set_config('role', 'none', true);
  perform set_config('realtime_local.recheck_result', array_to_string(_results, ','), true);
end
$round$`

/** The settings of a caller's scope, as scopeStatement publishes them, with the role's own. */
function scopeSettings(db: Database, scope: CallerScope): string[] {
  const values = ['role', scope.role, 'request.jwt.claims', JSON.stringify(scope.claims)]
  const sub = scope.claims.sub
  if (typeof sub === 'string') values.push('request.jwt.claim.sub', sub)
  values.push(
    'request.jwt.claim.role',
    scope.role,
    'request.headers',
    JSON.stringify(scope.headers)
  )
  const own = db.settingsOf(scope.role)
  for (const key in own) values.push(key, own[key] as string)
  return values
}

/**
 * The scopes' settings, kept while the claims and headers objects are the same (a channel's
 * claims change only with its token, its headers never).
 */
const settingsCache = new WeakMap<object, WeakMap<object, { role: string; json: string }>>()

function settingsJson(db: Database, scope: CallerScope): string {
  let byHeaders = settingsCache.get(scope.claims)
  if (!byHeaders) settingsCache.set(scope.claims, (byHeaders = new WeakMap()))
  const cached = byHeaders.get(scope.headers)
  if (cached && cached.role === scope.role) return cached.json
  const json = JSON.stringify(scopeSettings(db, scope))
  byHeaders.set(scope.headers, { role: scope.role, json })
  return json
}

export async function recheckRound(
  db: Database,
  checks: readonly RoundCheck[],
  isolate: boolean,
  /** The tables earlier rounds read (oids, comma-separated) when only new channels are checked; '' for a full round. */
  base: string,
  /** Tables of more rows are not summed (policy_fingerprint): fingerprintRows(open channels). */
  maxRows: number
): Promise<RoundResult> {
  const topicIndex = new Map<string, number>()
  const scopes = new Map<string, [number, number][]>()
  checks.forEach((check, index) => {
    let topic = topicIndex.get(check.subTopic)
    if (topic === undefined) topicIndex.set(check.subTopic, (topic = topicIndex.size))
    const key = settingsJson(db, check.scope)
    const list = scopes.get(key)
    if (list) list.push([index, topic])
    else scopes.set(key, [[index, topic]])
  })
  const parts: string[] = []
  for (const [settings, pairs] of scopes) {
    parts.push(`{"settings":${settings},"checks":${JSON.stringify(pairs)}}`)
  }
  const work =
    `{"isolate":${isolate},"count":${checks.length},` +
    `"topics":${JSON.stringify([...topicIndex.keys()])},"scopes":[${parts.join(',')}]}`

  const rows = await db.withSession(async (client) => {
    // Started at once and in this order: postgres.js writes them back to back, one round trip.
    const begin = client.unsafe('begin isolation level repeatable read').execute()
    const start = client<{ snapshot: string }[]>`
      select set_config('realtime_local.recheck', ${work}, true),
        set_config('realtime_local.scans', _supabase_local.scan_counts()::text, true),
        pg_current_snapshot()::text as snapshot
    `.execute()
    const round = client.unsafe(ROUND_BLOCK).execute()
    // The tables read, with those of the rounds before (`base`), and their fingerprints.
    const result = client<
      {
        result: string
        xid: string | null
        reads: string
        fingerprint: string
        base_fingerprint: string
      }[]
    >`
      select current_setting('realtime_local.recheck_result') as result,
        pg_current_xact_id_if_assigned()::text as xid,
        array_to_string(u.reads, ',') as reads,
        _supabase_local.policy_fingerprint(u.reads, ${maxRows}) as fingerprint,
        _supabase_local.policy_fingerprint(u.base, ${maxRows}) as base_fingerprint
      from (
        select b.base, array(select distinct x from unnest(r.reads || b.base) x order by x) as reads
        from (select _supabase_local.policy_reads(current_setting('realtime_local.scans')::jsonb) as reads) r,
          (select string_to_array(${base}, ',')::oid[] as base) b
      ) u
    `.execute()
    const rollback = client.unsafe('rollback').execute()
    const settled = await Promise.allSettled([begin, start, round, result, rollback])
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason
    return {
      snapshot: (await start)[0]?.snapshot ?? '',
      ...((await result)[0] ?? {
        result: '',
        xid: null,
        reads: '',
        fingerprint: '',
        base_fingerprint: '',
      }),
    }
  })
  const codes = rows.result === '' ? [] : rows.result.split(',').map(Number)
  return {
    policies: checks.map((_, index) => {
      const code = codes[index] ?? 0
      if (code < 0) return null
      return { broadcast: (code & 1) !== 0, presence: (code & 2) !== 0 }
    }),
    snapshot: rows.snapshot,
    xid: rows.xid,
    reads: rows.reads,
    fingerprint: rows.fingerprint,
    baseFingerprint: rows.base_fingerprint,
  }
}

// The HTTP load generator of bench/rest when `wrk` is installed (Debian: apt-get install wrk). wrk
// is a C program on one epoll thread: it spends a small fraction of the CPU per request that
// autocannon (a Node process) does, so on a 2-core machine far less of the machine goes to the
// load generator and the figures describe the stack rather than the client. The same requests as
// load.ts: random keys per request, the same headers and bodies.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LoadJob, LoadResult } from './load.ts'

/** The wrk on PATH, or null. `wrk --version` prints its banner and exits with 1. */
export function detectWrk(): string | null {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  if (probe.error) return null
  const banner = `${probe.stdout}${probe.stderr}`
  return /^wrk\b/m.test(banner) ? (banner.split('\n')[0] ?? 'wrk').trim() : null
}

/** A Lua string literal (the values are ours, but quote them properly anyway). */
function lua(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

/** The wrk script of a job: a request per call with fresh random values, JSON summary at the end. */
export function wrkScript(job: LoadJob): string {
  const headers: Record<string, string> = { apikey: job.anonKey, 'accept-profile': 'public' }
  let request: string
  if (job.workload === 'pk') {
    request = `return wrk.format("GET", "/rest/v1/posts?select=*&id=eq." .. math.random(${job.posts}))`
  } else if (job.workload === 'list') {
    request =
      `return wrk.format("GET", "/rest/v1/posts?select=id,title,created_at,authors(name)&author_id=eq." ` +
      `.. math.random(${job.authors}) .. "&order=id.desc&limit=50")`
  } else {
    headers['content-profile'] = 'public'
    headers['content-type'] = 'application/json'
    headers.prefer = 'return=representation'
    request =
      `return wrk.format("POST", "/rest/v1/posts?select=*", nil, ` +
      `'{"author_id":' .. math.random(${job.authors}) .. ',"title":"bench","body":"a benchmark post"}')`
  }
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n')
  return `math.randomseed(os.time())
${headerLines}
request = function()
  ${request}
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nRESULT {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect + e.read + e.write + e.timeout))
end
`
}

/** Runs wrk with one thread for the job; latencies come back in milliseconds (µs resolution). */
export async function runWrk(job: LoadJob): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-rest-wrk-'))
  const script = path.join(dir, `${job.workload}.lua`)
  try {
    await writeFile(script, wrkScript(job))
    const args = [
      '-t1',
      `-c${job.connections}`,
      `-d${job.duration}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      job.url,
    ]
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] })
      let text = ''
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
      child.once('error', reject)
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))
      )
    })
    const line = /^RESULT (\{.*\})$/m.exec(output)
    if (!line?.[1]) throw new Error(`no result from wrk:\n${output}`)
    const r = JSON.parse(line[1]) as {
      requests: number
      duration_us: number
      p50_us: number
      p99_us: number
      non2xx: number
      errors: number
    }
    return {
      rps: r.requests / (r.duration_us / 1e6),
      p50: r.p50_us / 1000,
      p99: r.p99_us / 1000,
      requests: r.requests,
      non2xx: r.non2xx,
      errors: r.errors,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

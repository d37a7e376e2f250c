// The HTTP load generator of bench/rest, run in a process of its own so that it does not share
// the stack's event loop: autocannon with a fixed number of connections for a fixed duration.
//   node --import tsx bench/rest/load.ts '<LoadJob as JSON>'   (prints a LoadResult as JSON)
import autocannon from 'autocannon'
import type { Request } from 'autocannon'

export interface LoadJob {
  url: string
  anonKey: string
  workload: 'pk' | 'list' | 'insert'
  connections: number
  duration: number
  posts: number
  authors: number
}

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  non2xx: number
  errors: number
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob
const random = (n: number) => 1 + Math.floor(Math.random() * n)
const headers = { apikey: job.anonKey, 'accept-profile': 'public' }

const requests: Record<LoadJob['workload'], Request> = {
  pk: {
    method: 'GET' as const,
    headers,
    setupRequest: (req) => ({ ...req, path: `/rest/v1/posts?select=*&id=eq.${random(job.posts)}` }),
  },
  list: {
    method: 'GET' as const,
    headers,
    setupRequest: (req) => ({
      ...req,
      path: `/rest/v1/posts?select=id,title,created_at,authors(name)&author_id=eq.${random(job.authors)}&order=id.desc&limit=50`,
    }),
  },
  insert: {
    method: 'POST' as const,
    path: '/rest/v1/posts?select=*',
    headers: {
      ...headers,
      'content-profile': 'public',
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        author_id: random(job.authors),
        title: 'bench',
        body: 'a benchmark post',
      }),
    }),
  },
}
const request = requests[job.workload]

const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  requests: [request],
})

const out: LoadResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
}
process.stdout.write(JSON.stringify(out))

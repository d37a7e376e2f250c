// One embedded PostgreSQL cluster for the whole test run. The platform contract is applied once
// to a template database; every test file clones it into a database of its own (see stack.ts),
// so files run in parallel without sharing data. The command line the tests start is built here
// too (prebuilt-cli.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { removeCluster, startEmbeddedPostgres } from '../../src/db/embedded.ts'
import { removeAbandonedClusters } from '../../src/db/postgres-home.ts'
import { applyPlatform } from '../../src/db/migrate.ts'
import { createLogger } from '../../src/logger.ts'
import { freePort } from '../../src/http/ports.ts'
import { buildCli } from './prebuilt-cli.ts'
import { TEMPLATE_DATABASE } from './templates.ts'

export default async function setup(project: TestProject) {
  await removeAbandonedClusters(tmpdir())
  await buildCli()
  const dir = await mkdtemp(path.join(tmpdir(), 'supabase-local-test-'))
  const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error')
  const server = await startEmbeddedPostgres({
    pgdata: path.join(dir, 'pgdata'),
    port: await freePort(),
    password: 'postgres',
    log,
    fast: true,
  })
  const admin = postgres(server.url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${TEMPLATE_DATABASE}`)
  await admin.end()
  const templateUrl = new URL(server.url)
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`
  const template = postgres(templateUrl.toString(), { max: 1, onnotice: () => {} })
  await applyPlatform(template, 'postgres', log)
  await template.end()

  project.provide('pgUrl', server.url)
  return async () => {
    await server.stop()
    // As root the cluster lives outside the private temporary folder (see db/postgres-home.ts).
    await removeCluster(path.join(dir, 'pgdata'))
    await rm(dir, { recursive: true, force: true })
  }
}

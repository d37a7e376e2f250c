// A database keeps the version of an extension it was created with; after the stack ships a new
// version of its own pg_cron/pg_net (a new SQL file and an upgrade script), a start brings the
// database to it with ALTER EXTENSION … UPDATE, once. Shown with a probe extension written into
// the test cluster's extension folder, as the stack writes its own there.
import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { updateExtensions } from '../../src/db/stack-extensions.ts'
import { createLogger } from '../../src/logger.ts'

const name = `chorus_probe_${randomBytes(4).toString('hex')}`
const database = `ext_update_${randomBytes(4).toString('hex')}`
let extensionDir: string
let admin: postgres.Sql
let sql: postgres.Sql
const files: string[] = []

async function writeExtensionFile(file: string, text: string) {
  files.push(path.join(extensionDir, file))
  await writeFile(path.join(extensionDir, file), text)
}

beforeAll(async () => {
  admin = postgres(inject('pgUrl'), { max: 1, onnotice: () => {} })
  const [row] = await admin<
    { setting: string }[]
  >`select setting from pg_config where name = 'SHAREDIR'`
  extensionDir = path.join(row!.setting, 'extension')
  await admin.unsafe(`create database ${database}`)
  const url = new URL(inject('pgUrl'))
  url.pathname = `/${database}`
  sql = postgres(url.toString(), { max: 1, onnotice: () => {} })
  await writeExtensionFile(`${name}.control`, `default_version = '1.0'\nrelocatable = true\n`)
  await writeExtensionFile(
    `${name}--1.0.sql`,
    `create function ${name}_version() returns text language sql as $$ select '1.0' $$;\n`
  )
  await sql.unsafe(`create extension ${name}`)
})

afterAll(async () => {
  await sql.end({ timeout: 2 })
  await admin.unsafe(`drop database if exists ${database} with (force)`)
  await admin.end({ timeout: 2 })
  for (const file of files) await rm(file, { force: true })
})

describe('updating the stack-provided extensions', () => {
  it('brings an older version up through its upgrade script, once', async () => {
    const log = createLogger('error')
    expect(await updateExtensions(sql, [name], log)).toEqual([])
    await writeExtensionFile(`${name}.control`, `default_version = '1.1'\nrelocatable = true\n`)
    await writeExtensionFile(
      `${name}--1.0--1.1.sql`,
      `create or replace function ${name}_version() returns text language sql as $$ select '1.1' $$;\n`
    )
    expect(await updateExtensions(sql, [name], log)).toEqual([`${name} 1.0 -> 1.1`])
    const [row] = await sql.unsafe(`select ${name}_version() as version`)
    expect(row).toEqual({ version: '1.1' })
    expect(await updateExtensions(sql, [name], log)).toEqual([])
  })

  it('says so in one line when there is no upgrade script, and changes nothing', async () => {
    await writeExtensionFile(`${name}.control`, `default_version = '9.9'\nrelocatable = true\n`)
    await expect(updateExtensions(sql, [name], createLogger('error'))).rejects.toThrow(
      `Extension ${name} is at version 1.1 in this database and the stack provides 9.9, but the update failed`
    )
    const [row] = await sql`select extversion from pg_extension where extname = ${name}`
    expect(row).toEqual({ extversion: '1.1' })
  })
})

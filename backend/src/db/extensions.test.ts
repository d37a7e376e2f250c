import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distributionMajor, extensionsIn, installHint } from './extensions.ts'

describe('extensionsIn', () => {
  it('finds each create extension with its line, names folded as PostgreSQL folds them', () => {
    const text = [
      '-- create extension commented_out;',
      'create extension if not exists PostGIS schema extensions;',
      '/* create extension',
      '   also_commented */ CREATE  EXTENSION',
      '  "uuid-ossp";',
      'create extension "Quoted""Name";',
      "select 'no create here';",
    ].join('\n')
    expect(extensionsIn(text, 'supabase/migrations/1_x.sql')).toEqual([
      { name: 'postgis', file: 'supabase/migrations/1_x.sql', line: 2 },
      { name: 'uuid-ossp', file: 'supabase/migrations/1_x.sql', line: 4 },
      { name: 'Quoted"Name', file: 'supabase/migrations/1_x.sql', line: 6 },
    ])
  })

  it('finds none in a migration without one', () => {
    expect(extensionsIn('create table extension_notes (id int);', 'f.sql')).toEqual([])
  })
})

describe('installHint', () => {
  it("names Debian's package for the server's major version, or the extension", () => {
    expect(installHint('postgis', 15)).toBe('apt-get install postgresql-15-postgis-3')
    expect(installHint('vector', 16)).toBe('apt-get install postgresql-16-pgvector')
    expect(installHint('made_up', 17)).toBe('install the made_up extension for PostgreSQL 17')
  })
})

describe('distributionMajor', () => {
  it("is the PostgreSQL of the distribution's own packages, null when unknown", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'os-release-'))
    try {
      const file = path.join(dir, 'os-release')
      await writeFile(
        file,
        'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n'
      )
      expect(distributionMajor(file)).toBe(15)
      await writeFile(file, 'ID=ubuntu\nVERSION_ID="24.04"\n')
      expect(distributionMajor(file)).toBe(16)
      await writeFile(file, 'ID=fedora\nVERSION_ID=40\n')
      expect(distributionMajor(file)).toBeNull()
      expect(distributionMajor(path.join(dir, 'missing'))).toBeNull()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

// The Accept header as PostgREST 12/13 reads it (wai-extra's parseHttpAccept, then decodeMediaType
// and the first the resource produces): elements sorted by q-value, then by specificity (the count
// of `;` less the count of `*` before any `;q=`), ties in the header's order; nothing dropped for a
// q-value of 0; only */* a wildcard. The 406 lists the types in that sorted order.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { rawRequest, useStack } from './support.ts'

const t = useStack({
  migrations: {
    '20240101000000_accept.sql': `
create table notes (id int primary key, body text);
insert into notes values (1, 'one');
grant select on notes to anon;
`,
  },
})

function read(accept: string) {
  return rest(t.stack, '/notes?select=id,body', { headers: { accept } })
}

describe('Accept: the order PostgREST picks from', () => {
  it('prefers the more specific type at an equal q-value, whatever the header’s order', async () => {
    // text/csv;charset=utf-8 has one parameter (specificity 1), application/json none (0).
    const csv = await read('application/json, text/csv;charset=utf-8')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.text).toBe('id,body\n1,one')
    // */* counts -2: the named type wins over it even when it comes second.
    const named = await read('*/*, text/csv')
    expect(named.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // At the same specificity the header's order decides.
    const first = await read('application/json, text/csv')
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8')
    // A stripped-nulls array (one parameter) over plain JSON.
    const stripped = await read('application/json, application/vnd.pgrst.array+json;nulls=stripped')
    expect(stripped.headers.get('content-type')).toBe(
      'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'
    )
  })

  it('puts the q-value first, and reads nothing after it as a parameter', async () => {
    const r = await read('text/csv;charset=utf-8;q=0.5, application/json;q=0.8')
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    // q=0.9;nulls=stripped: the parameter follows the q-value, so it is dropped (and so is its
    // specificity): plain JSON, the first at 0.9.
    const dropped = await read(
      'application/vnd.pgrst.array+json;q=0.9;nulls=stripped, text/csv;q=0.9'
    )
    expect(dropped.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(dropped.json()).toEqual([{ id: 1, body: 'one' }])
  })

  it('does not leave out a type of q-value 0', async () => {
    const r = await read('text/csv;q=0')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  })

  it('takes only */* as a wildcard, and lists the sorted types in the 406', async () => {
    const wildcard = await read('application/*')
    expect(wildcard.status).toBe(406)
    expect(wildcard.json()).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: application/*',
    })
    const sorted = await read('application/xml;q=0.9, image/*, text/html')
    expect(sorted.status).toBe(406)
    expect(sorted.json()).toMatchObject({
      message: 'None of these media types are available: text/html, image/*, application/xml',
    })
  })
})

describe('Accept: what PostgREST makes of an empty header and of names', () => {
  it('answers 406 to an empty header, listing no type (parseHttpAccept of "" is [])', async () => {
    const headers = { apikey: t.stack.anonKey, accept: '' }
    for (const path of ['/rest/v1/notes', '/rest/v1/']) {
      const r = await rawRequest(t.stack, 'GET', path, headers)
      expect(r.status).toBe(406)
      expect(JSON.parse(r.body)).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message: 'None of these media types are available: ',
      })
    }
    // Without the header it is */*: JSON.
    const none = await rawRequest(t.stack, 'GET', '/rest/v1/notes', { apikey: t.stack.anonKey })
    expect(none.status).toBe(200)
    expect(none.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('takes an empty element (a trailing comma) as */*', async () => {
    const r = await read('text/html,')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('lists the refused types by PostgREST’s names, parameters dropped', async () => {
    // The root (OpenAPI) produces neither CSV nor the vendored types.
    const r = await rest(t.stack, '/', {
      headers: {
        accept:
          'application/vnd.pgrst.object, text/csv;charset=utf-8, application/vnd.pgrst.array+json;nulls=stripped',
      },
    })
    expect(r.status).toBe(406)
    expect(r.json()).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message:
        'None of these media types are available: text/csv, application/vnd.pgrst.array+json;nulls=stripped, application/vnd.pgrst.object+json',
    })
    const html = await read('text/html;level=1;q=0.5, application/xml;charset=utf-8')
    expect(html.json()).toMatchObject({
      message: 'None of these media types are available: application/xml, text/html',
    })
  })

  it('matches names case and all, and nulls=stripped only as the one parameter', async () => {
    const upper = await read('Application/JSON')
    expect(upper.status).toBe(406)
    expect(upper.json()).toMatchObject({
      message: 'None of these media types are available: Application/JSON',
    })
    const csv = await read('text/csv;nulls=stripped')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const notStripped = await read('application/vnd.pgrst.array+json;nulls=stripped;x=1')
    expect(notStripped.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })
})

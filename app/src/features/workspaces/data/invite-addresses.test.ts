import { describe, expect, it } from 'vitest'
import { addAddresses, splitAddresses, takeFinished } from './invite-addresses.ts'

describe('splitAddresses', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(splitAddresses('a@x.io, b@x.io;c@x.io d@x.io\ne@x.io\t f@x.io')).toEqual([
      'a@x.io',
      'b@x.io',
      'c@x.io',
      'd@x.io',
      'e@x.io',
      'f@x.io',
    ])
  })

  it('reads addresses as mail clients write them', () => {
    expect(
      splitAddresses('Ann Lee <ann@x.io>, "Bo" <bo@x.io>, mailto:cy@x.io, (dee@x.io).')
    ).toEqual(['ann@x.io', 'bo@x.io', 'cy@x.io', 'dee@x.io'])
  })

  it('takes only the name before an address in brackets, not the addresses before it', () => {
    expect(splitAddresses('bo@x.io Cy Lee <cy@x.io> nope')).toEqual(['bo@x.io', 'cy@x.io', 'nope'])
  })

  it('is nothing for separators alone', () => {
    expect(splitAddresses(' ,, ;\n ')).toEqual([])
  })
})

describe('addAddresses', () => {
  it('keeps each address once, lower-cased, and marks what is not an address', () => {
    const first = addAddresses([], ['Ann@X.io', 'nope'])
    expect(first).toEqual([
      { email: 'ann@x.io', valid: true },
      { email: 'nope', valid: false },
    ])
    expect(addAddresses(first, ['ann@x.io', 'ANN@x.io', 'bo@x.io']).map((a) => a.email)).toEqual([
      'ann@x.io',
      'nope',
      'bo@x.io',
    ])
  })
})

describe('takeFinished', () => {
  it('takes the addresses followed by a separator and leaves the word being typed', () => {
    expect(takeFinished([], 'a@x.io, b@x')).toEqual({
      addresses: [{ email: 'a@x.io', valid: true }],
      rest: 'b@x',
    })
    expect(takeFinished([], 'a@x')).toEqual({ addresses: [], rest: 'a@x' })
  })

  it('takes a whole pasted list ending in a new line', () => {
    const { addresses, rest } = takeFinished([], 'a@x.io\nb@x.io\na@x.io\n')
    expect(addresses.map((a) => a.email)).toEqual(['a@x.io', 'b@x.io'])
    expect(rest).toBe('')
  })

  it('waits for the end of "Name <address>" before splitting it', () => {
    expect(takeFinished([], 'Ann Lee <ann@x').rest).toBe('Ann Lee <ann@x')
    expect(takeFinished([], 'Ann Lee <ann@x.io>, ').addresses).toEqual([
      { email: 'ann@x.io', valid: true },
    ])
  })
})

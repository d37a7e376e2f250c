import { describe, expect, it } from 'vitest'
import {
  BUILTINS,
  commandOf,
  matchCommands,
  meBody,
  parseInvite,
  parseRemind,
  parseStatus,
  shrugBody,
  remindedText,
} from './parse.ts'

const now = new Date(2026, 11, 1, 14, 20, 0) // 1 Dec 2026, 14:20 local

describe('commandOf', () => {
  it('reads the command and its text; a message that is not one is null', () => {
    expect(commandOf('/shrug well')).toEqual({ name: '/shrug', args: 'well' })
    expect(commandOf('/Topic  New topic ')).toEqual({ name: '/topic', args: 'New topic' })
    expect(commandOf('/leave')).toEqual({ name: '/leave', args: '' })
    expect(commandOf('/remind me\nto go in 5 minutes')).toEqual({
      name: '/remind',
      args: 'me\nto go in 5 minutes',
    })
    expect(commandOf('hello /shrug')).toBeNull()
    expect(commandOf('//not a command')).toBeNull()
    expect(commandOf('/path/to/file')).toBeNull()
  })
})

describe('matchCommands', () => {
  const all = [
    ...BUILTINS,
    { name: '/deploy', usage: '/deploy [env]', description: 'Deploys', custom: true },
  ]
  it('offers every command for "/", and those starting with what is typed', () => {
    expect(matchCommands('/', all).map((c) => c.name)).toContain('/deploy')
    expect(matchCommands('/', all)).toHaveLength(10)
    expect(matchCommands('/s', all).map((c) => c.name)).toEqual(['/shrug', '/status'])
    expect(matchCommands('/DE', all).map((c) => c.name)).toEqual(['/deploy'])
    expect(matchCommands('/shrug ', all)).toEqual([])
    expect(matchCommands('/nothing', all)).toEqual([])
  })
})

describe('/shrug and /me', () => {
  it('escapes the shrug so markdown shows its backslash and underscores', () => {
    expect(shrugBody('')).toBe('¯\\\\\\_(ツ)\\_/¯')
    expect(shrugBody('oh well')).toBe('oh well ¯\\\\\\_(ツ)\\_/¯')
  })
  it("is the author's name and the action in italics, its own underscores kept", () => {
    expect(meBody('Ada', 'waves')).toBe('_Ada waves_')
    expect(meBody('Ada', 'likes snake_case *a lot*')).toBe('_Ada likes snake\\_case \\*a lot\\*_')
  })
})

describe('parseRemind', () => {
  it('in n minutes or hours', () => {
    expect(parseRemind('me to stretch in 10 minutes', now)).toEqual({
      what: 'stretch',
      at: new Date(2026, 11, 1, 14, 30, 0),
    })
    expect(parseRemind('me check the build in 1 minutes', now)).toEqual({
      what: 'check the build',
      at: new Date(2026, 11, 1, 14, 21, 0),
    })
    expect(parseRemind('me to ship in 2 hours', now)).toEqual({
      what: 'ship',
      at: new Date(2026, 11, 1, 16, 20),
    })
    expect(parseRemind('me to ship in 3h', now)).toEqual({
      what: 'ship',
      at: new Date(2026, 11, 1, 17, 20),
    })
  })
  it('at a time: today if still to come, else tomorrow', () => {
    expect(parseRemind('me to call Sam at 3pm', now)).toEqual({
      what: 'call Sam',
      at: new Date(2026, 11, 1, 15, 0),
    })
    expect(parseRemind('me to call Sam at 09:15', now)).toEqual({
      what: 'call Sam',
      at: new Date(2026, 11, 2, 9, 15),
    })
    expect(parseRemind('me lunch at 12:30am', now)).toEqual({
      what: 'lunch',
      at: new Date(2026, 11, 2, 0, 30),
    })
  })
  it('tomorrow: at 9:00, or at the time given', () => {
    expect(parseRemind('me to water the plants tomorrow', now)).toEqual({
      what: 'water the plants',
      at: new Date(2026, 11, 2, 9, 0),
    })
    expect(parseRemind('me to pay tomorrow at 5pm', now)).toEqual({
      what: 'pay',
      at: new Date(2026, 11, 2, 17, 0),
    })
  })
  it('says what is missing or wrong', () => {
    expect(parseRemind('', now)).toMatchObject({ error: expect.stringMatching(/^Say who/) })
    expect(parseRemind('Sam to go in 5 minutes', now)).toMatchObject({
      error: expect.stringMatching(/^Say who/),
    })
    expect(parseRemind('me to go', now)).toMatchObject({
      error: expect.stringMatching(/^Say when/),
    })
    expect(parseRemind('me in 5 minutes', now)).toMatchObject({
      error: expect.stringMatching(/^Say what/),
    })
    expect(parseRemind('me to go in 5 fortnights', now)).toMatchObject({
      error: expect.stringMatching(/is not a time/),
    })
    expect(parseRemind('me to go in 0 minutes', now)).toMatchObject({
      error: expect.stringMatching(/is not a time/),
    })
    expect(parseRemind('me to go at 25:00', now)).toMatchObject({
      error: expect.stringMatching(/not a time of day/),
    })
    expect(parseRemind('me to go at 13pm', now)).toMatchObject({
      error: expect.stringMatching(/not a time of day/),
    })
  })
  it('says when, for the confirmation, in the locale given', () => {
    expect(remindedText('stretch', new Date(2026, 11, 1, 14, 30), now, 'en-GB')).toBe(
      'I will remind you to “stretch” at 14:30. It is in Later.'
    )
    expect(remindedText('pay', new Date(2026, 11, 2, 9, 0), now, 'en-GB')).toBe(
      'I will remind you to “pay” tomorrow at 09:00. It is in Later.'
    )
    expect(remindedText('pay', new Date(2026, 11, 3, 9, 0), now, 'en-GB')).toBe(
      'I will remind you to “pay” on 3 Dec at 09:00. It is in Later.'
    )
  })
})

describe('parseStatus', () => {
  it('an emoji and text, text alone, or clear', () => {
    expect(parseStatus('🌴 On holiday')).toEqual({ clear: false, emoji: '🌴', text: 'On holiday' })
    expect(parseStatus('👍🏽 fine')).toEqual({ clear: false, emoji: '👍🏽', text: 'fine' })
    expect(parseStatus('In a meeting')).toEqual({ clear: false, emoji: '', text: 'In a meeting' })
    expect(parseStatus('clear')).toEqual({ clear: true })
    expect(parseStatus('')).toMatchObject({ error: expect.any(String) })
    expect(parseStatus(':palm_tree: away')).toMatchObject({
      error: expect.stringMatching(/emoji itself/),
    })
  })
})

describe('parseInvite', () => {
  const people = [
    { id: 'a', name: 'Ada' },
    { id: 'b', name: 'Ada Lovelace' },
    { id: 'c', name: 'Grace Hopper' },
  ]
  it('finds the people named, longest names first, and what it did not understand', () => {
    expect(parseInvite('@Ada Lovelace', people)).toEqual({ ids: ['b'], unknown: [] })
    expect(parseInvite('@grace hopper @Ada', people)).toEqual({ ids: ['c', 'a'], unknown: [] })
    expect(parseInvite('@Nobody', people)).toEqual({ ids: [], unknown: ['@Nobody'] })
    expect(parseInvite('', people)).toEqual({ ids: [], unknown: [] })
  })
})

// The filter operators read-filters.test.ts checks one by one: each case names the operator,
// applies it to a query of the films, and gives the titles it selects (fixture.ts's films).
import type { SupabaseClient } from '@supabase/supabase-js'

/** A supabase-js select on a table, before its filters. */
export type Q = ReturnType<ReturnType<SupabaseClient['from']>['select']>

export const FILTER_CASES: [name: string, apply: (q: Q) => Q, expected: string[]][] = [
  ['eq', (q: Q) => q.eq('year', 1902), ['A Trip to the Moon']],
  [
    'neq',
    (q: Q) => q.neq('genre', 'comedy'),
    ['Workers Leaving the Factory', 'The Impossible Voyage'],
  ],
  ['gt', (q: Q) => q.gt('year', 1902), ['The Impossible Voyage']],
  ['gte', (q: Q) => q.gte('year', 1902), ['A Trip to the Moon', 'The Impossible Voyage']],
  ['lt', (q: Q) => q.lt('year', 1896), ['Workers Leaving the Factory']],
  ['lte', (q: Q) => q.lte('year', 1896), ['Workers Leaving the Factory', 'The Cabbage Fairy']],
  ['like', (q: Q) => q.like('title', '%Moon'), ['A Trip to the Moon']],
  ['like with *', (q: Q) => q.like('title', '*Voyage'), ['The Impossible Voyage']],
  ['ilike', (q: Q) => q.ilike('title', '%the moon%'), ['A Trip to the Moon']],
  [
    'likeAnyOf',
    (q: Q) => q.likeAnyOf('title', ['A%', 'Untitled']),
    ['A Trip to the Moon', 'Untitled'],
  ],
  ['ilikeAllOf', (q: Q) => q.ilikeAllOf('title', ['%the%', '%voy%']), ['The Impossible Voyage']],
  ['match', (q: Q) => q.match({ year: 1904, genre: 'drama' }), ['The Impossible Voyage']],
  [
    'regexMatch',
    (q: Q) => q.regexMatch('title', '^The [CI]'),
    ['The Cabbage Fairy', 'The Impossible Voyage'],
  ],
  ['regexIMatch', (q: Q) => q.regexIMatch('title', '^the c'), ['The Cabbage Fairy']],
  ['is null', (q: Q) => q.is('year', null), ['Untitled']],
  ['is true', (q: Q) => q.filter('metadata->color', 'eq', 'true'), ['A Trip to the Moon']],
  [
    'isDistinct',
    (q: Q) => q.isDistinct('director_id', 2),
    ['Workers Leaving the Factory', 'The Cabbage Fairy', 'Untitled'],
  ],
  [
    'in',
    (q: Q) => q.in('title', ['Untitled', 'A Trip to the Moon', 'a,b']),
    ['A Trip to the Moon', 'Untitled'],
  ],
  ['notIn', (q: Q) => q.not('id', 'in', '(1,2,3)'), ['The Impossible Voyage', 'Untitled']],
  ['contains array', (q: Q) => q.contains('tags', ['silent', 'classic']), ['A Trip to the Moon']],
  ['contains jsonb', (q: Q) => q.contains('metadata', { reels: 2 }), ['The Impossible Voyage']],
  [
    'containedBy',
    (q: Q) => q.containedBy('tags', ['short', 'silent']).neq('tags', '{}'),
    ['Workers Leaving the Factory', 'The Cabbage Fairy', 'The Impossible Voyage'],
  ],
  ['overlaps', (q: Q) => q.overlaps('tags', ['classic', 'nope']), ['A Trip to the Moon']],
  [
    'range overlaps',
    (q: Q) => q.overlaps('running', '[14,21)'),
    ['A Trip to the Moon', 'The Impossible Voyage'],
  ],
  [
    'rangeLt (sl)',
    (q: Q) => q.rangeLt('running', '[5,10)'),
    ['Workers Leaving the Factory', 'The Cabbage Fairy'],
  ],
  [
    'rangeGt (sr)',
    (q: Q) => q.rangeGt('running', '[5,10)'),
    ['A Trip to the Moon', 'The Impossible Voyage'],
  ],
  [
    'rangeLte (nxr)',
    (q: Q) => q.rangeLte('running', '[1,2)'),
    ['Workers Leaving the Factory', 'The Cabbage Fairy'],
  ],
  ['rangeGte (nxl)', (q: Q) => q.rangeGte('running', '[20,30)'), ['The Impossible Voyage']],
  [
    'rangeAdjacent',
    (q: Q) => q.rangeAdjacent('running', '[15,20)'),
    ['A Trip to the Moon', 'The Impossible Voyage'],
  ],
  [
    'fts on tsvector',
    (q: Q) => q.textSearch('search', 'voyage & impossible'),
    ['The Impossible Voyage'],
  ],
  [
    'plfts with config on text',
    (q: Q) => q.textSearch('title', 'trip moon', { type: 'plain', config: 'english' }),
    ['A Trip to the Moon'],
  ],
  [
    'phfts',
    (q: Q) => q.textSearch('search', 'leaving the factory', { type: 'phrase', config: 'english' }),
    ['Workers Leaving the Factory'],
  ],
  [
    'wfts',
    (q: Q) => q.textSearch('search', 'cabbage -moon', { type: 'websearch', config: 'english' }),
    ['The Cabbage Fairy'],
  ],
  [
    'not',
    (q: Q) => q.not('genre', 'eq', 'comedy'),
    ['Workers Leaving the Factory', 'The Impossible Voyage'],
  ],
  [
    'or with nested and',
    (q: Q) => q.or('year.lt.1896,and(year.gt.1900,rating.gt.8)'),
    ['Workers Leaving the Factory', 'A Trip to the Moon'],
  ],
  [
    'or with quoted values',
    (q: Q) => q.or('title.eq."A Trip to the Moon",title.in.("Untitled","x,y")'),
    ['A Trip to the Moon', 'Untitled'],
  ],
  [
    'repeated keys are ANDed',
    (q: Q) => q.gt('year', 1895).lt('year', 1904),
    ['A Trip to the Moon', 'The Cabbage Fairy'],
  ],
  ['JSON path', (q: Q) => q.eq('metadata->>reels', '2'), ['The Impossible Voyage']],
  [
    'eq(any)',
    (q: Q) => q.filter('year', 'eq(any)', '{1895,1904}'),
    ['Workers Leaving the Factory', 'The Impossible Voyage'],
  ],
  [
    'gt(all)',
    (q: Q) => q.filter('year', 'gt(all)', '{1895,1900}'),
    ['A Trip to the Moon', 'The Impossible Voyage'],
  ],
]

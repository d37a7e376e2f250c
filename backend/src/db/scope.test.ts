import { describe, expect, it } from 'vitest'
import { quoteIdentifier, scopeStatement } from './scope.ts'

describe('scopeStatement', () => {
  it('sets every setting of the scope transaction-locally in one statement', () => {
    const statement = scopeStatement({
      role: 'authenticated',
      claims: { sub: 'u1', role: 'authenticated' },
      method: 'GET',
      path: '/todos',
      headers: { accept: '*/*' },
      searchPath: ['public', 'extensions'],
      settings: { statement_timeout: '8s' },
    })
    expect(statement.text).toBe(
      'select set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true), ' +
        'set_config($7, $8, true), set_config($9, $10, true), set_config($11, $12, true), ' +
        'set_config($13, $14, true), set_config($15, $16, true), set_config($17, $18, true)'
    )
    expect(statement.values).toEqual([
      'search_path',
      '"public", "extensions"',
      'role',
      'authenticated',
      'request.jwt.claims',
      '{"sub":"u1","role":"authenticated"}',
      'request.jwt.claim.sub',
      'u1',
      'request.jwt.claim.role',
      'authenticated',
      'request.method',
      'GET',
      'request.path',
      '/todos',
      'request.headers',
      '{"accept":"*/*"}',
      'statement_timeout',
      '8s',
    ])
  })

  it('passes hostile values only as parameters', () => {
    const statement = scopeStatement({ role: "anon'; drop table x; --", claims: {} })
    expect(statement.text).not.toContain('drop table')
    expect(statement.values).toContain("anon'; drop table x; --")
  })
})

describe('quoteIdentifier', () => {
  it('doubles embedded quotes', () => {
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"')
  })
})

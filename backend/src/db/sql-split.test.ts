import { describe, expect, it } from 'vitest'
import { leadingCommentsLength, splitSqlStatementRanges, splitSqlStatements } from './sql-split.ts'

describe('splitSqlStatements', () => {
  it('splits on semicolons outside quotes, comments and dollar quotes', () => {
    const script = `
      -- a comment; not a statement
      create table t (id int, note text default 'a;b');
      /* block; comment /* nested; */ still comment */
      insert into "we;ird" values (1, E'it\\'s; fine');
      create function f() returns int language plpgsql as $body$
      begin
        return 1; -- inside the body
      end
      $body$;
      select $$;$$;
    `
    expect(splitSqlStatements(script)).toEqual([
      "-- a comment; not a statement\n      create table t (id int, note text default 'a;b');",
      `/* block; comment /* nested; */ still comment */\n      insert into "we;ird" values (1, E'it\\'s; fine');`,
      'create function f() returns int language plpgsql as $body$\n      begin\n        return 1; -- inside the body\n      end\n      $body$;',
      'select $$;$$;',
    ])
  })

  it('keeps BEGIN ATOMIC bodies whole', () => {
    const script = `create function one() returns int language sql begin atomic select 1; select case when true then 1 end; end; select 2;`
    expect(splitSqlStatements(script)).toEqual([
      'create function one() returns int language sql begin atomic select 1; select case when true then 1 end; end;',
      'select 2;',
    ])
  })

  it('ignores empty and comment-only trailers', () => {
    expect(splitSqlStatements('select 1;;  -- done\n')).toEqual(['select 1;'])
  })
})

describe('splitSqlStatementRanges', () => {
  it('gives where each statement is, and how much of it leads with comments', () => {
    const script = 'select 1;\n  -- why\n  /* and */ select 2;\nselect 3'
    const ranges = splitSqlStatementRanges(script)
    expect(ranges.map((r) => script.slice(r.start, r.end))).toEqual(ranges.map((r) => r.text))
    expect(ranges.map((r) => r.text)).toEqual([
      'select 1;',
      '-- why\n  /* and */ select 2;',
      'select 3',
    ])
    expect(ranges[1]!.text.slice(leadingCommentsLength(ranges[1]!.text))).toBe('select 2;')
  })
})

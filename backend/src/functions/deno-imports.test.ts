import { describe, expect, it } from 'vitest'
import { npmSpecifierOf } from './deno-imports.ts'

describe('npmSpecifierOf', () => {
  it.each([
    ['npm:@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['npm:@supabase/supabase-js', '@supabase/supabase-js'],
    ['npm:zod@3.23.8', 'zod'],
    ['npm:stripe@^14/lib/x.js', 'stripe/lib/x.js'],
    ['jsr:@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['jsr:@supabase/functions-js/edge-runtime.d.ts', '@supabase/functions-js/edge-runtime.d.ts'],
    ['https://esm.sh/@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['https://esm.sh/@supabase/supabase-js@2.39.3?target=deno', '@supabase/supabase-js'],
    ['https://esm.sh/zod', 'zod'],
  ])('%s -> %s', (specifier, expected) => {
    expect(npmSpecifierOf(specifier)).toBe(expected)
  })

  it.each([
    './shared/cors.ts',
    '../_shared/x.ts',
    'node:crypto',
    '@supabase/supabase-js',
    'jsr:@std/http',
    'https://deno.land/std@0.168.0/http/server.ts',
    'npm:',
  ])('leaves %s alone', (specifier) => {
    expect(npmSpecifierOf(specifier)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { denoTargetOf } from './deno-imports.ts'

const shims = { types: 'file:///types.ts', stdHttp: 'file:///std-http.ts' }

describe('denoTargetOf', () => {
  it.each([
    ['npm:@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['npm:@supabase/supabase-js', '@supabase/supabase-js'],
    ['npm:zod@3.23.8', 'zod'],
    ['npm:stripe@^14/lib/x.js', 'stripe/lib/x.js'],
    ['jsr:@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['jsr:@supabase/supabase-js@2/cors', '@supabase/supabase-js/cors'],
    ['https://esm.sh/@supabase/supabase-js@2', '@supabase/supabase-js'],
    ['https://esm.sh/@supabase/supabase-js@2.39.3?target=deno', '@supabase/supabase-js'],
    ['https://esm.sh/zod', 'zod'],
  ])('%s -> the package %s', (specifier, name) => {
    expect(denoTargetOf(specifier, shims)).toEqual({ package: name })
  })

  it.each([
    ['jsr:@supabase/functions-js/edge-runtime.d.ts', shims.types],
    ['npm:@types/node/index.d.ts', shims.types],
    ['https://deno.land/std@0.168.0/http/server.ts', shims.stdHttp],
  ])('%s -> a shim', (specifier, shim) => {
    expect(denoTargetOf(specifier, shims)).toEqual({ shim })
  })

  it.each([
    './shared/cors.ts',
    '../_shared/x.ts',
    'node:crypto',
    '@supabase/supabase-js',
    'jsr:@std/http',
    'https://deno.land/std@0.168.0/async/delay.ts',
    'npm:',
  ])('leaves %s alone', (specifier) => {
    expect(denoTargetOf(specifier, shims)).toBeNull()
  })
})

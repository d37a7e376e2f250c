// CORS as the Supabase gateway answers it: any origin, every method, the request's own headers
// allowed, and the response headers supabase-js reads exposed. `serve` names one origin instead of
// any (its public URL's), so that only the app's own pages may call the API from a browser.

export const EXPOSED_HEADERS = [
  // REST
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  'Preference-Applied',
  // Auth
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  // Storage
  'Content-Length',
  'ETag',
  'Last-Modified',
  'Content-Disposition',
  'Cache-Control',
  'Accept-Ranges',
  // Functions
  'x-relay-error',
].join(', ')

export const DEFAULT_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'content-encoding',
  'x-region',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
].join(', ')

export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

/** Headers every response carries. */
export function corsHeaders(origin = '*'): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSED_HEADERS,
  }
}

/** Headers of the answer to a preflight request. */
export function preflightHeaders(
  requestedHeaders: string | undefined,
  origin = '*'
): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': requestedHeaders || DEFAULT_ALLOWED_HEADERS,
    'access-control-max-age': '86400',
  }
}

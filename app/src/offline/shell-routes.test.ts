import { describe, expect, it } from 'vitest'
import { shellFiles, shellRoute } from './shell-routes.ts'

const APP = 'https://chat.example.test'
const get = (url: string, mode = 'cors') => ({ method: 'GET', url, mode })

describe('the service worker answers only the app shell', () => {
  it('pages, the config and the built assets of the app', () => {
    expect(shellRoute(get(`${APP}/w/1/c/2`, 'navigate'), APP)).toBe('page')
    expect(shellRoute(get(`${APP}/`, 'navigate'), APP)).toBe('page')
    expect(shellRoute(get(`${APP}/config.json`), APP)).toBe('config')
    expect(shellRoute(get(`${APP}/assets/index-abc.js`), APP)).toBe('asset')
  })

  it('the web app manifest and its icons, so an installed Chorus opens offline as itself', () => {
    expect(shellRoute(get(`${APP}/manifest.webmanifest`), APP)).toBe('install')
    expect(shellRoute(get(`${APP}/icons/icon-maskable-512.png`), APP)).toBe('install')
    expect(shellRoute(get(`${APP}/icons/apple-touch-icon.png`, 'no-cors'), APP)).toBe('install')
    expect(shellRoute(get(`${APP}/icons/../sw.js`), APP)).toBe('network')
    expect(shellRoute(get(`${APP}/icons/a/b.png`), APP)).toBe('network')
    expect(shellRoute(get(`${APP}/manifest.json`), APP)).toBe('network')
  })

  it('never the API, another origin, a write or another file', () => {
    expect(shellRoute(get('http://127.0.0.1:54321/rest/v1/rpc/channel_list'), APP)).toBe('network')
    expect(shellRoute(get('http://127.0.0.1:54321/assets/x.js'), APP)).toBe('network')
    // The API behind the app's own origin (a proxy) is not cached either.
    for (const path of [
      '/rest/v1/x',
      '/auth/v1/user',
      '/storage/v1/object/a',
      '/realtime/v1/websocket',
      '/functions/v1/f',
    ]) {
      expect(shellRoute(get(`${APP}${path}`), APP)).toBe('network')
    }
    expect(shellRoute({ method: 'POST', url: `${APP}/`, mode: 'navigate' }, APP)).toBe('network')
    expect(shellRoute(get(`${APP}/sw.js`), APP)).toBe('network')
    // A page of its own (the email's unsubscribe page) is not the app shell.
    expect(shellRoute(get(`${APP}/unsubscribe.html?token=t`, 'navigate'), APP)).toBe('network')
    expect(shellRoute(get(`${APP}/assets-not/x.js`), APP)).toBe('network')
  })

  it('keeps index.html, the config and every asset but source maps', () => {
    expect(
      shellFiles(['assets/b-2.js', 'assets/b-2.js.map', 'assets/a-1.css', 'index.html', 'sw.js'])
    ).toEqual(['/index.html', '/config.json', '/assets/a-1.css', '/assets/b-2.js'])
  })

  it("keeps public/'s manifest and icons, nothing else of public/", () => {
    const files = [
      'assets/a-1.js',
      'index.html',
      'sw.js',
      'unsubscribe.html',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'icons/apple-touch-icon.png',
    ]
    expect(shellFiles(files)).toEqual([
      '/index.html',
      '/config.json',
      '/assets/a-1.js',
      '/icons/apple-touch-icon.png',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
    ])
  })

  it('leaves the chunks kept when first used out of the install', () => {
    const files = ['assets/a-1.js', 'assets/Emoji-2.js', 'assets/Emoji-2.css', 'index.html']
    expect(shellFiles(files, ['assets/Emoji-2.js'])).toEqual([
      '/index.html',
      '/config.json',
      '/assets/Emoji-2.css',
      '/assets/a-1.js',
    ])
  })
})

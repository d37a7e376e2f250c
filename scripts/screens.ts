// The gallery of every screen (issue 67, item 4): `npm run screens [folder]` builds the app, starts
// Chorus as a team runs it (`serve`, the e2e suite's production arrangement) and runs the
// accessibility tours in English and Arabic (e2e/accessibility.spec.ts: the first screens, the
// workspace and every dialog at 1,440x900, the main screens at 390x844 on a touch phone), their
// data made as the tours go. At each screen a PNG in the light and the dark theme
// (e2e/support/camera.ts) goes into the folder (default `screens/`), with an index.html to page
// through. `--docs` also writes docs/screens/, the desktop light set in small, that
// docs/screens.md shows.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const docs = args.includes('--docs')
const out = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'screens'))

const started = Date.now()
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
for (const script of ['ensure-chromium.ts', 'ensure-caddy.ts']) {
  const done = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts', script)],
    {
      stdio: 'inherit',
    }
  )
  if (done.status !== 0) process.exit(done.status ?? 1)
}
const dist = mkdtempSync(path.join(tmpdir(), 'chorus-screens-app-'))
const run = spawnSync(
  'npx',
  ['playwright', 'test', 'accessibility.spec.ts', '--grep', '\\[(en|ar)\\]', '--reporter=line'],
  {
    cwd: path.join(ROOT, 'e2e'),
    stdio: 'inherit',
    env: { ...process.env, SCREENS_OUT: out, E2E_APP_DIST: dist },
  }
)
rmSync(dist, { recursive: true, force: true })

const sets = gallery(out)
writeFileSync(path.join(out, 'index.html'), indexPage(sets))
const count = sets.reduce((sum, set) => sum + set.files.length, 0)
const seconds = Math.round((Date.now() - started) / 1000)
console.log(`${count} screenshots in ${out}/index.html (${seconds} s)`)
if (docs) await writeDocs(sets)
process.exit(run.status ?? 1)

interface GallerySet {
  language: string
  set: string
  files: string[]
}

/** The folder's PNGs by language and set (the camera's <language>/<set>/<nn>-<screen>-<theme>). */
function gallery(folder: string): GallerySet[] {
  const sets: GallerySet[] = []
  for (const language of readdirSync(folder).sort()) {
    const dir = path.join(folder, language)
    if (!existsSync(dir) || language.includes('.')) continue
    for (const set of readdirSync(dir).sort()) {
      const files = readdirSync(path.join(dir, set))
        .filter((f) => f.endsWith('.png'))
        .sort()
      sets.push({ language, set, files: files.map((f) => `${language}/${set}/${f}`) })
    }
  }
  return sets
}

function title(file: string): string {
  return path
    .basename(file, '.png')
    .replace(/^\d+-/, '')
    .replace(/-(light|dark)$/, ' ($1)')
    .replace(/-/g, ' ')
}

/** A page of every set, light and dark side by side; a click shows one large, and the arrow
 * keys page through them. */
function indexPage(sets: GallerySet[]): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
  const sections = sets
    .map(
      ({ language, set, files }) =>
        `<section><h2>${escape(language)} · ${escape(set)}</h2><div class="grid">${files
          .map(
            (f) =>
              `<figure><a href="${escape(f)}"><img src="${escape(f)}" loading="lazy" alt="${escape(title(f))}"></a><figcaption>${escape(title(f))}</figcaption></figure>`
          )
          .join('')}</div></section>`
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chorus: every screen</title>
<style>
body{font:14px system-ui,sans-serif;margin:24px;background:#f4f4f5;color:#18181b}
h1{font-size:22px}h2{font-size:16px;margin:32px 0 8px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:12px}
figure{margin:0;background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:8px}
img{width:100%;height:auto;display:block;border-radius:4px}
figcaption{margin-top:6px;color:#52525b}
dialog{max-width:96vw;max-height:96vh;padding:0;border:0}dialog img{max-height:92vh;width:auto;max-width:96vw}
dialog p{margin:6px 10px}
</style></head><body>
<h1>Chorus: every screen</h1>
<p>Written by <code>npm run screens</code> on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Click a screen to see it large; ← and → page through, Escape closes.</p>
${sections}
<dialog id="large"><img alt=""><p></p></dialog>
<script>
const links=[...document.querySelectorAll('figure a')];const dialog=document.getElementById('large');let at=0
function show(i){at=(i+links.length)%links.length;const a=links[at];dialog.querySelector('img').src=a.href;dialog.querySelector('img').alt=a.querySelector('img').alt;dialog.querySelector('p').textContent=a.closest('section').querySelector('h2').textContent+' · '+a.querySelector('img').alt;if(!dialog.open)dialog.showModal()}
links.forEach((a,i)=>a.addEventListener('click',(e)=>{e.preventDefault();show(i)}))
dialog.addEventListener('click',()=>dialog.close())
document.addEventListener('keydown',(e)=>{if(!dialog.open)return;if(e.key==='ArrowRight')show(at+1);if(e.key==='ArrowLeft')show(at-1)})
</script>
</body></html>
`
}

/** docs/screens/: the English desktop screens in the light theme, 480 px wide, as palette PNGs;
 * docs/screens.md lists them. */
async function writeDocs(all: GallerySet[]): Promise<void> {
  const { default: sharp } = await import('sharp')
  const target = path.join(ROOT, 'docs', 'screens')
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  const lines: string[] = []
  for (const { set, files } of all.filter(
    (s) => s.language === 'en' && s.set.startsWith('desktop')
  )) {
    for (const file of files.filter((f) => f.endsWith('-light.png'))) {
      const name = `${set.replace(/^desktop-\d-/, '')}-${path.basename(file)}`
      await sharp(path.join(out, file))
        .resize({ width: 480 })
        .png({ palette: true, colours: 64, effort: 10 })
        .toFile(path.join(target, name))
      lines.push(`| ${title(file).replace(/ \(light\)$/, '')} | ![](screens/${name}) |`)
    }
  }
  const page = `# Every screen

The English desktop screens in the light theme, small, as \`npm run screens -- --docs\` last wrote
them (${new Date().toISOString().slice(0, 10)}). \`npm run screens\` writes the whole gallery: every
screen in the light and the dark theme, at 1,440x900 and at 390x844, in English and in Arabic,
into \`screens/\` with an \`index.html\` to page through (docs/development.md, "The gallery").

| screen | |
| --- | --- |
${lines.join('\n')}
`
  writeFileSync(path.join(ROOT, 'docs', 'screens.md'), page)
  console.log(`docs/screens.md: ${lines.length} screens`)
}

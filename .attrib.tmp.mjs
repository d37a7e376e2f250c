import { readFileSync, readdirSync } from 'node:fs'
import { SourceMapConsumer } from 'source-map-js'
const dir = '/tmp/sm-dist/assets'
const pick = process.argv.slice(2)
const files = readdirSync(dir).filter(f => f.endsWith('.js') && pick.some(p => f.startsWith(p)))
const totals = new Map()
for (const f of files) {
  const code = readFileSync(`${dir}/${f}`, 'utf8')
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${dir}/${f}.map`, 'utf8')))
  const lines = code.split('\n')
  const mappings = []
  map.eachMapping(m => mappings.push(m))
  mappings.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn)
  for (let i=0;i<mappings.length;i++){
    const m=mappings[i], n=mappings[i+1]
    let len
    if (n && n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn
    else len=(lines[m.generatedLine-1]?.length??0)-m.generatedColumn
    const src=(m.source||'?').replace(/.*node_modules\//,'nm/').replace(/.*\/src\//,'src/')
    totals.set(src,(totals.get(src)||0)+len)
  }
}
const arr=[...totals].sort((a,b)=>b[1]-a[1])
let sum=0; for (const [,v] of arr) sum+=v
console.log('total', sum)
for (const [k,v] of arr.slice(0, Number(process.env.TOP||60))) console.log(String(v).padStart(7), k)

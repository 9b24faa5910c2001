// The bench's latency probe, run as its own process: GET <url> one request at a time with a
// pause between them, for <durationMs> (or, given 'stdin', until its stdin closes); prints the
// latencies (ms) as a JSON array.
import http from 'node:http'

const [url = '', durationArg = '2000', pauseArg = '5'] = process.argv.slice(2)
if (!url.startsWith('http://127.0.0.1:')) throw new Error('probes only go to 127.0.0.1')
const untilStdin = durationArg === 'stdin'
const duration = untilStdin ? Infinity : Number(durationArg)
let stopped = false
if (untilStdin) {
  process.stdin.resume()
  process.stdin.on('end', () => (stopped = true))
  process.stdin.on('close', () => (stopped = true))
}
const pause = Number(pauseArg)
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/** @returns {Promise<number>} */
function once() {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = http.get(url, { agent, timeout: 30_000 }, (res) => {
      res.resume()
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`status ${String(res.statusCode)}`)),
      )
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', reject)
  })
}

/** @type {number[]} */
const latencies = []
await once() // connect first: the figure is for a kept-alive connection
const end = performance.now() + duration
while (!stopped && performance.now() < end) {
  latencies.push(await once())
  await new Promise((resolve) => setTimeout(resolve, pause))
}
agent.destroy()
process.stdout.write(JSON.stringify(latencies))

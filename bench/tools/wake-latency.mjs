// How long the kernel keeps chosen threads waiting between being woken and running, read from
// an ftrace of the scheduler (ADR 0043). As root, during an import:
//   cd /sys/kernel/tracing && echo 1 > events/sched/sched_wakeup/enable \
//     && echo 1 > events/sched/sched_switch/enable && echo > trace \
//     && echo 1 > tracing_on && sleep 8 && echo 0 > tracing_on && cp trace /tmp/sched.txt
//   node bench/tools/wake-latency.mjs /tmp/sched.txt <tid>[,<tid>…] [slowest=20]
// The server's HTTP thread is its process id (`pgrep -f dist/server/main.js`); the threads of a
// process are in /proc/<pid>/task. For each thread: the waits' p50/p90/p99/max and how many were
// over 1 and 2 ms; then the slowest waits, each with the thread the CPU was running when the
// wake-up came and the one it switched from when the woken thread ran at last.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

const [file, tidArg, slowestArg = '20'] = process.argv.slice(2)
if (!file || !tidArg) {
  process.stderr.write(
    'usage: node bench/tools/wake-latency.mjs <trace file> <tid,tid…> [slowest]\n',
  )
  process.exit(2)
}
const tids = new Set(tidArg.split(','))
const SWITCH =
  /\[(\d+)\].*?\s([\d.]+): sched_switch: prev_comm=(.*?) prev_pid=(\d+) prev_prio=(\d+) prev_state=(\S+) ==> next_comm=(.*?) next_pid=(\d+) next_prio=(\d+)/
const WAKEUP = /\s([\d.]+): sched_wakeup: comm=(.*?) pid=(\d+) prio=(\d+) target_cpu=(\d+)/

/** @type {Map<string, {at: number, cpu: number, running: string}>} */
const woken = new Map()
/** @type {Map<number, string>} what each CPU runs, as "comm/pid prio" */
const running = new Map()
/** @type {Map<string, number[]>} */
const waits = new Map()
/** @type {{ms: number, tid: string, cpu: number, running: string, from: string}[]} */
const slow = []

for await (const line of createInterface({ input: createReadStream(file) })) {
  const wake = WAKEUP.exec(line)
  if (wake) {
    const [, at = '', , tid = '', , cpu = ''] = wake
    if (tids.has(tid))
      woken.set(tid, { at: Number(at), cpu: Number(cpu), running: running.get(Number(cpu)) ?? '?' })
    continue
  }
  const sw = SWITCH.exec(line)
  if (!sw) continue
  const [
    ,
    cpu = '',
    at = '',
    prevComm = '',
    prevPid = '',
    prevPrio = '',
    prevState = '',
    nextComm = '',
    nextPid = '',
    nextPrio = '',
  ] = sw
  const wakeUp = woken.get(nextPid)
  if (wakeUp) {
    woken.delete(nextPid)
    const ms = (Number(at) - wakeUp.at) * 1000
    const list = waits.get(nextPid) ?? []
    list.push(ms)
    waits.set(nextPid, list)
    if (ms > 1)
      slow.push({
        ms,
        tid: nextPid,
        cpu: Number(cpu),
        running: wakeUp.running,
        from: `${prevComm}/${prevPid} prio ${prevPrio} ${prevState}`,
      })
  }
  running.set(Number(cpu), `${nextComm}/${nextPid} prio ${nextPrio}`)
}

/** @type {(sorted: number[], q: number) => number} */
const at = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN
for (const [tid, list] of waits) {
  const sorted = [...list].sort((a, b) => a - b)
  /** @param {number} ms */
  const over = (ms) => sorted.filter((x) => x > ms).length
  process.stdout.write(
    `${tid}: ${String(sorted.length)} wake-ups, waited p50 ${at(sorted, 0.5).toFixed(3)} p90 ${at(sorted, 0.9).toFixed(3)} p99 ${at(sorted, 0.99).toFixed(3)} max ${at(sorted, 1).toFixed(3)} ms; over 1 ms ${String(over(1))}, over 2 ms ${String(over(2))}\n`,
  )
}
for (const s of slow.sort((a, b) => b.ms - a.ms).slice(0, Number(slowestArg))) {
  process.stdout.write(
    `${s.ms.toFixed(2)} ms ${s.tid} on CPU ${String(s.cpu)}: running when woken ${s.running}; ran after ${s.from}\n`,
  )
}

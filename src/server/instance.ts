// Which app instance this is (host:pid), signed into the claims instances make in the database
// (job_runs, insight_jobs), so a claim shows who made it.
import { hostname } from 'node:os'

export const INSTANCE_ID = `${hostname()}:${String(process.pid)}`

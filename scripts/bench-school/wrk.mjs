// The wrk side of the school scale bench (scripts/bench-school.mjs): the same HTTP requests as the
// API side, sent by wrk (a load generator written in C) instead of the bench's Node client. On two
// shared cores the Node client's own CPU time is taken from the server and PostgreSQL; wrk costs far
// less, as pgbench does on the SQL side, so this side shows what the API itself does on the machine.
// GET requests only (the register read and the learner page): a save's body and its per-client
// classes stay with the Node side.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** wrk's version line, or null when it is not on PATH (the side is then skipped). */
export function wrkVersion() {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  // wrk --version prints its banner and exits with 1.
  const line = `${probe.stdout ?? ''}${probe.stderr ?? ''}`.split('\n')[0]?.trim();
  return probe.error || !line?.startsWith('wrk') ? null : line;
}

/** The Lua script: a random path of `paths` per request, the session cookie, and a JSON summary at the end. */
function script(paths, cookie) {
  return `local paths = { ${paths.map((p) => JSON.stringify(p)).join(',\n')} }
wrk.headers["Cookie"] = ${JSON.stringify(cookie)}
init = function(args)
  math.randomseed(math.floor(os.clock() * 1000000) + os.time() + math.random(1000000))
end
request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"durationUs":%d,"socketErrors":%d,"non2xx":%d,"p50":%d,"p95":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
`;
}

/**
 * One wrk run of warmupSeconds (its figures dropped), then one of `seconds`, each with `clients`
 * connections over `threads` threads against `base`. Latencies in ms. wrk keeps every request's
 * latency in a histogram, so the percentiles are of every request of the measured run.
 */
export function runWrk({ base, cookie, paths, clients, threads, warmupSeconds, seconds }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-wrk-'));
  try {
    const file = path.join(dir, 'requests.lua');
    fs.writeFileSync(file, script(paths, cookie));
    const run = (duration) => {
      const args = [
        '-t',
        String(threads),
        '-c',
        String(clients),
        '-d',
        `${duration}s`,
        '--timeout',
        '10s',
        '-s',
        file,
        base,
      ];
      const result = spawnSync('wrk', args, { encoding: 'utf8', timeout: (duration + 30) * 1000 });
      const json = /WRK_JSON (\{.*\})/.exec(result.stdout ?? '')?.[1];
      if (!json) throw new Error(`wrk gave no summary: ${(result.stderr || result.stdout || '').slice(0, 300)}`);
      return JSON.parse(json);
    };
    const warm = run(warmupSeconds);
    const s = run(seconds);
    const errors = s.socketErrors + s.non2xx;
    return {
      perSecond: Math.round((s.requests / (s.durationUs / 1e6)) * 10) / 10,
      p50: s.p50 / 1000,
      p95: s.p95 / 1000,
      p99: s.p99 / 1000,
      requests: s.requests,
      /** Requests of both runs: what the server's and PostgreSQL's CPU time is divided by. */
      withWarmup: warm.requests + s.requests,
      errors,
      firstErrors: errors ? [`${s.non2xx} answers not 2xx, ${s.socketErrors} socket errors`] : [],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

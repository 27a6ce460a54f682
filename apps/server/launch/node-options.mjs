// How every launcher of the server (npm start, the end-to-end tests' server, the benches) starts its
// Node process. Plain JavaScript: the launchers run before tsx.

/**
 * V8's young generation, in MB per semi-space. A request allocates short-lived objects (the HTTP
 * request, PostgreSQL's rows, the JSON answer); with Node's default (16 MB on 64 bits) the server
 * collects them several hundred times a second under load. At 32 the register read of the school
 * bench cost the server 0.31-0.32 ms of CPU against 0.34-0.44 ms (docs/decisions/007-school-scale-on-two-cores.md, a tenth machine).
 * It costs at most 3 x 16 MB more memory per server process.
 */
export const SEMI_SPACE_MB = 32;

/**
 * `nodeOptions` (a NODE_OPTIONS value, possibly empty) with the server's V8 settings added, unless
 * it already sets them: an operator's own `--max-semi-space-size` wins.
 */
export function serverNodeOptions(nodeOptions = '') {
  const given = nodeOptions.trim();
  if (/(^|\s)--max-semi-space-size[=\s]/.test(given)) return given;
  return [given, `--max-semi-space-size=${SEMI_SPACE_MB}`].filter(Boolean).join(' ');
}

/** `env` with NODE_OPTIONS as serverNodeOptions makes it: the environment to spawn the server in. */
export function serverEnv(env) {
  return { ...env, NODE_OPTIONS: serverNodeOptions(env.NODE_OPTIONS) };
}

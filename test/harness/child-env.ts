// The environment a server or CLI child process gets: ours, minus test-runner and database settings.

/** Stripped so a child never sees the runner's test mode or a DATABASE_URL meant for the global setup. */
const STRIPPED =
  /^(VITEST|TEST$|NODE_ENV$|DATABASE_(URL|POOLER|DIRECT_URL)$|PGLITE_DIR$|PORT$|HOST$|RATE_LIMIT_|LOG_LEVEL$)/;

export function childEnv(overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !STRIPPED.test(name)) env[name] = value;
  }
  return { ...env, ...overrides };
}

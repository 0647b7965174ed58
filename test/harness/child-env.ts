// The environment a server or CLI child process gets: ours, minus test-runner and database settings.

/**
 * Stripped so a child never sees the runner's test mode or a DATABASE_URL meant for the global setup, nor the
 * runner's language (a Spanish locale would make the CLI answer in Spanish): a test that wants one sets it.
 */
const STRIPPED =
  /^(VITEST|TEST$|NODE_ENV$|DATABASE_(URL|POOLER|DIRECT_URL)$|PGLITE_DIR$|PORT$|HOST$|RATE_LIMIT_|LOG_LEVEL$|STL_LANG$|LANG$|LC_ALL$|LC_MESSAGES$)/;

export function childEnv(overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !STRIPPED.test(name)) env[name] = value;
  }
  return { ...env, ...overrides };
}

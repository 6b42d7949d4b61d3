import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit configuration: `npm run db:generate -w @tilerealm/server` diffs
 * the schema against the last snapshot and writes a new SQL migration, which
 * the server applies at start-up.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/storage/schema/index.ts',
  out: './src/storage/migrations',
  strict: true,
  verbose: true,
});

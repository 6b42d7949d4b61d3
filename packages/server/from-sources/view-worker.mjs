// A world's views worker, run from the TypeScript sources (development, tests, `npm start`):
// the TypeScript loader, then src/world/view-worker.ts. The build bundles that module into
// dist/view-worker.mjs, which a world run from the bundles starts instead (src/world/view-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('../src/world/view-worker.ts');

// `npm start`: build when sources changed, then run the server (on the Node 24 that npm put on PATH).
import { buildIfStale } from './build-if-stale.ts';

buildIfStale();
const { main } = await import('../src/server.ts');
await main();

// `node scripts/bench-scada.ts [objects] [tags] [clients] [seconds]` (defaults 200 50 500 30): the
// dispatching load test. Starts the real server (fresh SQLite, or PostgreSQL when TEST_DATABASE_URL
// is set), creates the objects through the integration API on the simulator driver (every variable
// changes on every 1-second poll, deadband 0, so every value is also stored), opens the WebSocket
// clients on the spec's stream (spread over the objects) and measures, over the window: delivery
// latency from the device read to the client (p50/p95/p99, includes the 1-second coalescing),
// frames per client per second, and the server's CPU (share of one core) and resident memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/lib/db/index.ts';
import WebSocket from 'ws';
import { putObject, scadaEnv } from '../tests/integration/scada-helpers.ts';
import { startServer } from '../tests/helpers/server.ts';
import { sessionFor } from '../tests/helpers/session.ts';
import { buildIfStale } from './build-if-stale.ts';

const [objects = 200, tags = 50, clients = 500, seconds = 30] = process.argv.slice(2).map(Number);
const SIGNALS = ['pressure', 'temperature', 'flow'];

buildIfStale();
const server = await startServer(scadaEnv);
const pid = server.proc.pid!;
const cpuTicks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
};
const rssMb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

try {
  const t0 = Date.now();
  const ids: number[] = [];
  for (let o = 0; o < objects; o++) {
    const r = await putObject(server, `bench-${o}`, {
      title: `Bench ${o}`,
      address: `Bench street ${o}`,
      driver: { type: 'simulator', poll_ms: 1000 },
      tags: Array.from({ length: tags }, (_, i) => ({
        key: `t${i}`,
        title: `T${i}`,
        type: 'float',
        unit: 'bar',
        actions: 'Read',
        address: { signal: SIGNALS[i % 3], base: 10 + i },
      })),
      grants: [{ email: 'dmitry.volkov@demo.example', control: false }],
    });
    if (r.status !== 200) throw new Error(`PUT bench-${o}: ${r.status} ${JSON.stringify(r.data)}`);
    ids.push(r.data.data.id);
  }
  console.log(`created ${objects} objects x ${tags} variables in ${Date.now() - t0} ms`);
  const { token } = await sessionFor(server, 'dmitry.volkov@demo.example');

  let measuring = false;
  const latencies: number[] = [];
  let frames = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: clients },
      (_, c) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(
            `${server.url.replace('http', 'ws')}/ws?token=${token}&wss_type=scada&scada_id=${ids[c % ids.length]}`,
            { headers: { origin: server.url } },
          );
          let head: { t: string | null } | null = null;
          ws.on('message', (raw) => {
            const msg = JSON.parse(String(raw));
            if (!Array.isArray(msg)) return void (head = msg);
            if (!measuring || !head?.t) return;
            frames++;
            latencies.push(Date.now() - Date.parse(head.t));
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  console.log(`${clients} clients connected; warming up 10 s`);
  await new Promise((r) => setTimeout(r, 10_000));
  const { url, dataDir } = server.database;
  const database = openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(dataDir, 'cabinet.sqlite') },
  );
  const sampleCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('scada_samples')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const samples0 = await sampleCount();
  measuring = true;
  const cpu0 = cpuTicks();
  const start = Date.now();
  let rss = 0;
  while (Date.now() - start < seconds * 1000) {
    rss = Math.max(rss, rssMb());
    await new Promise((r) => setTimeout(r, 1000));
  }
  measuring = false;
  const elapsed = (Date.now() - start) / 1000;
  const cpu = ((cpuTicks() - cpu0) / 100 / elapsed) * 100;
  const stored = (await sampleCount()) - samples0;
  await database.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)] ?? NaN;
  for (const ws of sockets) ws.close();
  console.log(
    `| objects x variables | clients | frames/client/s | delivery p50 / p95 / p99 ms | server CPU (% of one core) | server RSS max MB | samples stored/s | database |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|`);
  console.log(
    `| ${objects} x ${tags} | ${clients} | ${(frames / clients / elapsed).toFixed(2)} | ${pct(0.5)} / ${pct(0.95)} / ${pct(0.99)} | ${cpu.toFixed(0)} | ${rss.toFixed(0)} | ${Math.round(stored / elapsed)} | ${server.database.url ? 'PostgreSQL' : 'SQLite'} |`,
  );
} finally {
  await server.stop();
}

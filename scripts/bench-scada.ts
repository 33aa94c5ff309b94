// `node scripts/bench-scada.ts [objects] [tags] [clients] [seconds]` (defaults 200 50 500 30): the
// dispatching load test. Starts the real server (fresh SQLite, or PostgreSQL when TEST_DATABASE_URL
// is set; INSTANCES=2 starts two servers on one fresh PostgreSQL database, as behind a balancer),
// creates the objects through the integration API on the simulator driver (every variable changes on
// every 1-second poll, deadband 0, so every value is also stored; the first variable of each object
// has limits its pressure wave crosses about once a minute), opens the WebSocket clients on the
// spec's stream (spread over the objects and the instances) and one alarm feed per instance, and
// measures, over the window: delivery latency from the device read to the client (p50/p95/p99),
// frames per client per second, alarms raised and their delivery from the read that crossed the
// limit to the feed (p50/p99), and the servers' CPU (share of one core, summed) and resident memory.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { putObject, scadaEnv } from '../tests/integration/scada-helpers.ts';
import { freshDatabase, openTestDatabase, type TestDatabase } from '../tests/helpers/db.ts';
import { startServer, type TestServer } from '../tests/helpers/server.ts';
import { sessionFor } from '../tests/helpers/session.ts';
import { buildIfStale } from './build-if-stale.ts';

const [objects = 200, tags = 50, clients = 500, seconds = 30] = process.argv.slice(2).map(Number);
const SIGNALS = ['pressure', 'temperature', 'flow'];

buildIfStale();
const instances = Math.max(1, Number(process.env.INSTANCES ?? 1));
if (instances > 1 && !process.env.TEST_DATABASE_URL)
  throw new Error('INSTANCES > 1 needs TEST_DATABASE_URL (one PostgreSQL database for both)');
// Two instances share one empty database: the first migrates and seeds it, then the second starts.
const shared: TestDatabase | undefined = instances > 1 ? await freshDatabase() : undefined;
const servers: TestServer[] = [];
for (let i = 0; i < instances; i++) servers.push(await startServer(scadaEnv, shared));
const server = servers[0]!;
const cpuTicks = () =>
  servers.reduce((sum, s) => {
    const f = readFileSync(`/proc/${s.proc.pid!}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return sum + Number(f[11]) + Number(f[12]);
  }, 0);
const rssMb = () =>
  servers.reduce(
    (sum, s) =>
      sum +
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.proc.pid!}/status`, 'utf8'))![1]) / 1024,
    0,
  );
// The simulator's pressure (base 10) waves by +-0.2 bar, 0.8 bar lower while its fault is active
// (from the start, until a reset): each limit is crossed about once a minute, whichever holds.
const LIMITS = { h: 10.1, l: 9.2, deadband: 0.02 };

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
        ...(i === 0 ? { limits: LIMITS } : {}),
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
          const to = servers[c % servers.length]!;
          const ws = new WebSocket(
            `${to.url.replace('http', 'ws')}/ws?token=${token}&wss_type=scada&scada_id=${ids[c % ids.length]}`,
            { headers: { origin: to.url } },
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
  // One alarm feed per instance (the stream without scada_id): when each raised alarm arrives.
  const arrivals = new Map<number, number>();
  const feeds = await Promise.all(
    servers.map(
      (to) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(
            `${to.url.replace('http', 'ws')}/ws?token=${token}&wss_type=scada`,
            {
              headers: { origin: to.url },
            },
          );
          ws.on('message', (raw) => {
            const msg = JSON.parse(String(raw)) as {
              type?: string;
              alarm?: { id: number; state: string };
            };
            if (measuring && msg.type === 'alarm' && msg.alarm?.state === 'raised')
              arrivals.set(
                msg.alarm.id,
                Math.min(arrivals.get(msg.alarm.id) ?? Infinity, Date.now()),
              );
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  console.log(`${clients} clients and ${feeds.length} alarm feed(s) connected; warming up 10 s`);
  await new Promise((r) => setTimeout(r, 10_000));
  const database = openTestDatabase(server.database);
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
  // Alarm delivery: from the read that crossed the limit (raised_at is that read's time) to the feed.
  const alarmMs: number[] = [];
  const alarmIds = [...arrivals.keys()];
  for (let i = 0; i < alarmIds.length; i += 500) {
    const rows = await database.db
      .selectFrom('scada_alarms')
      .select(['id', 'raised_at'])
      .where('id', 'in', alarmIds.slice(i, i + 500))
      .execute();
    for (const r of rows) alarmMs.push(arrivals.get(r.id)! - Date.parse(r.raised_at));
  }
  alarmMs.sort((a, b) => a - b);
  const alarmPct = (p: number) => alarmMs[Math.floor((alarmMs.length - 1) * p)] ?? NaN;
  await database.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)] ?? NaN;
  for (const ws of [...sockets, ...feeds]) ws.close();
  console.log(
    `| objects x variables | instances | clients | frames/client/s | delivery p50 / p95 / p99 ms | alarms raised | alarm delivery p50 / p99 ms | server CPU (% of one core) | server RSS max MB | samples stored/s | database |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|`);
  console.log(
    `| ${objects} x ${tags} | ${instances} | ${clients} | ${(frames / clients / elapsed).toFixed(2)} | ${pct(0.5)} / ${pct(0.95)} / ${pct(0.99)} | ${alarmMs.length} | ${alarmPct(0.5)} / ${alarmPct(0.99)} | ${cpu.toFixed(0)} | ${rss.toFixed(0)} | ${Math.round(stored / elapsed)} | ${server.database.url ? 'PostgreSQL' : 'SQLite'} |`,
  );
} finally {
  for (const s of servers) await s.stop();
  await shared?.drop();
}

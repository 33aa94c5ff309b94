// `npx node scripts/bench-pump-select.ts [models]`: pump selection speed over a large catalogue.
// Builds 5,000 pump models (the demo pumps and variants of them at other speeds), prepares their
// curves once (fits, BEP, largest power — what the server caches per catalogue version), then
// times selectPumps for 300 deterministic duties, fixed speed and speed-controlled, and prints a
// Markdown table (p50/p95 ms) for the engine README. Target: p95 < 50 ms.
import { cpus, loadavg } from 'node:os';
import { preparePump, type PreparedPump } from '../src/features/calculations/engine/curve.ts';
import { selectPumps } from '../src/features/calculations/engine/select.ts';
import type { PumpModel } from '../src/features/calculations/engine/types.ts';
import { demoPumps } from '../src/features/catalogue-demo/pumps.demo.ts';
import type { PumpItem } from '../src/features/catalogue/catalogue.schema.ts';

const target = Number(process.argv[2] ?? 5000);
const base = demoPumps() as PumpItem[];

function variant(p: PumpItem, r: number, n: number): PumpModel {
  const curve = p.curve.map((c) => ({
    ...c,
    q_m3h: c.q_m3h * r,
    h_m: c.h_m * r * r,
    p2_kw: c.p2_kw! * r ** 3,
    npshr_m: c.npshr_m! * r * r,
  }));
  const p2max = Math.max(...curve.map((c) => c.p2_kw));
  return {
    ...p,
    sku: `${p.sku}-V${n}`,
    manufacturer: p.manufacturer ?? '',
    model: p.model ?? '',
    lead_days: p.lead_days ?? 0,
    speed_rpm: p.speed_rpm * r,
    curve,
    q_min_m3h: p.q_min_m3h !== undefined ? p.q_min_m3h * r : undefined,
    motor: { ...p.motor, p2_kw: Math.max(p.motor.p2_kw, p2max * 1.05) },
  };
}

const models: PumpModel[] = [];
for (let k = 0; models.length < target; k++)
  for (const p of base) {
    if (models.length >= target) break;
    models.push(
      k === 0
        ? {
            ...p,
            manufacturer: p.manufacturer ?? '',
            model: p.model ?? '',
            lead_days: p.lead_days ?? 0,
          }
        : variant(p, 0.8 + ((k * 37) % 41) / 100, k),
    );
  }

const t0 = performance.now();
const pumps: PreparedPump[] = [];
for (const m of models) {
  const r = preparePump(m);
  if (r.ok) pumps.push(r.pump);
}
const prepareMs = performance.now() - t0;

let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const duties = Array.from({ length: 300 }, () => {
  const q = Math.exp(Math.log(1) + rnd() * Math.log(400));
  const h = Math.exp(Math.log(2) + rnd() * Math.log(40));
  return { q, h, hs: h * rnd() * 0.6 };
});

function run(speed_control: boolean, sort: 'score' | 'lcc' = 'score') {
  const times: number[] = [];
  // CPU time of this process per selection: what the engine costs, whatever else the machine runs
  // (the wall time also waits for the other processes on a loaded machine).
  const cpu: number[] = [];
  let found = 0;
  for (const d of duties.slice(0, 20))
    selectPumps(pumps, {
      q: d.q,
      q_unit: 'm3/h',
      h: d.h,
      h_unit: 'm',
      h_static: d.hs,
      speed_control,
      sort,
    });
  for (const d of duties) {
    const t = performance.now();
    const c0 = process.cpuUsage();
    const r = selectPumps(pumps, {
      q: d.q,
      q_unit: 'm3/h',
      h: d.h,
      h_unit: 'm',
      h_static: d.hs,
      speed_control,
      sort,
    });
    const c1 = process.cpuUsage(c0);
    times.push(performance.now() - t);
    cpu.push((c1.user + c1.system) / 1000);
    if (r.type === 'success') found++;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const pct = (xs: number[], p: number) =>
    xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(1);
  return {
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    max: times.at(-1)!.toFixed(1),
    cpu50: pct(cpu, 0.5),
    cpu95: pct(cpu, 0.95),
    found,
  };
}

const fixed = run(false);
const variable = run(true);
// Sorting by life-cycle cost needs the annual energy of every passing pump, not only of the top ones.
const lcc = run(true, 'lcc');
// The load average is printed because the figures scale with whatever else the machine runs.
console.log(
  `Pump models: ${pumps.length} (prepared once in ${prepareMs.toFixed(0)} ms); ${duties.length} duties each; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  '| selection | p50 ms | p95 ms | max ms | CPU p50 ms | CPU p95 ms | duties with a result |',
);
console.log('|---|---|---|---|---|---|---|');
const row = (name: string, r: ReturnType<typeof run>) =>
  console.log(
    `| ${name} | ${r.p50} | ${r.p95} | ${r.max} | ${r.cpu50} | ${r.cpu95} | ${r.found}/${duties.length} |`,
  );
row('fixed speed', fixed);
row('speed control', variable);
row('speed control, sorted by LCC', lcc);

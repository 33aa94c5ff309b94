// The routes of the newer areas (calculations, dispatching, registry, scanner, integration API),
// derived from src/pages so a new route cannot be forgotten: every file there is either in one of
// these areas (and fuzzed) or excluded below with the reason. Also what each route reads — query
// names and body keys, found in its own text and the feature modules it imports — so the fuzzer
// aims at the parameters the code really parses.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const PAGES = join(ROOT, 'src/pages');

/** Areas this suite covers: a route path matching one of these is fuzzed. */
export const AREAS: Array<[RegExp, string]> = [
  [/^\/api\/v1\/calculations(\/|$)/, 'calculations API'],
  [/^\/api\/v1\/(flow-meter|properties)\//, 'calculations: reference lists and water properties'],
  [/^\/api\/v1\/scada(\/|$)/, 'dispatching API'],
  [/^\/api\/v1\/productions(\/|$)/, 'registry API'],
  [/^\/api\/app\/scan\./, 'scanner calls'],
  [/^\/api\/integration\//, 'integration API'],
  [/^\/e-commerce\/design(\/|$)/, 'calculation pages, offer, datasheet, xlsx'],
  [/^\/productions(\/|$)/, 'registry pages and files'],
  [/^\/passport\//, "registry: a product's public passport and its documents"],
  [/^\/(tools\/)?scada(\/|$)/, 'dispatching pages, embeds and report'],
  [/^\/tools\/scanner(\/|$)/, 'scanner page and sample'],
  [/^\/(files|media)\//, 'stored files (calculation documents, scans, pictures)'],
];

/** Routes outside the newer areas, each with the reason it is not fuzzed here. */
export const EXCLUDED: Array<[RegExp, string]> = [
  [
    /^\/api\/app\/(objects|organisations|sales|profile)\./,
    'older area (legacy app API): organisations-objects-api, orders-api, profile-api suites',
  ],
  [/^\/api\/v1\/(objects|organisations)(\/|$)/, 'older area: organisations-objects-api suite'],
  [/^\/api\/v1\/(orders|promotions)(\/|$)/, 'older area: orders-api and promotions-api suites'],
  [/^\/api\/v1\/(notifications|home)(\/|$)/, 'older area: notifications-api and home-api suites'],
  [
    /^\/api\/v1\/(profile|suggest)(\/|$)/,
    'older area: auth-api, profile-api and registration-suggest suites',
  ],
  [/^\/api\/v1\/support(\/|$)/, 'older area: support-api suite'],
  [
    /^\/$|^\/(auth|logout|locale|home|404|error)(\/|$)/,
    'sign-in, chrome and error pages: auth and errors suites',
  ],
  [/^\/chrome-dictionary$/, 'compression dictionary: its own key checks in chrome-dictionary.test'],
  [/^\/(notifications|promotions|support|user-info)(\/|$)/, 'older area pages: their own suites'],
  [/^\/e-commerce\/(orders|orders-archive)(\/|$)/, 'older area: orders pages (orders-api suite)'],
  [/^\/tools(\/water)?$/, 'tools index and water properties page: no ids, no forms'],
];

/** The calculator kinds of /api/v1/calculations/[kind]/select and the module that registers each (src/features/calculations/kit/calculators). */
export const CALCULATOR_KINDS: Array<[string, string]> = [
  ['pump', 'pumps.server.ts'],
  ['station', 'pumps.server.ts'],
  ['control', 'pumps.server.ts'],
  ['to1', 'hx.server.ts'],
  ['to2', 'hx.server.ts'],
  ['to3', 'hx.server.ts'],
  ['flow-meter', 'flow-meter.server.ts'],
  ['btp', 'btp.server.ts'],
];

/** The kinds of /api/v1/calculations/[kind]/save the API documents. */
export const SAVE_KINDS = ['to1', 'to2', 'to3', 'flow-meter'];

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export interface Route {
  file: string;
  /** e.g. /api/v1/scada/[id]/history */
  path: string;
  area: string;
  kind: 'api' | 'integration' | 'page';
  methods: Method[];
  params: string[];
  /** query parameter names the code reads */
  query: string[];
  /** body keys the code's schemas name */
  keys: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
  );
}

export function routePath(file: string): string {
  const p = '/' + relative(PAGES, file).replace(/\.(ts|astro)$/, '');
  return p.replace(/\/index$/, '') || '/';
}

/** The file and the feature modules it imports (one level), for the names the code reads. */
function sources(file: string): string {
  const own = readFileSync(file, 'utf8');
  const imported = [...own.matchAll(/from '#(features|lib)\/([^']+)'/g)]
    .map((m) => join(ROOT, 'src', m[1]!, m[2]!))
    .filter((f) => m(f) && existsSync(f));
  return [own, ...imported.map((f) => readFileSync(f, 'utf8'))].join('\n');
  function m(f: string) {
    return f.includes('/features/') || f.includes('/lib/http/respond');
  }
}

const HEADERS = new Set([
  'authorization',
  'origin',
  'cookie',
  'accept',
  'host',
  'referer',
  'content',
  'type',
  'range',
  'if',
  'x',
]);
const uniq = (xs: string[], n: number) =>
  [...new Set(xs)].filter((x) => !HEADERS.has(x.toLowerCase())).slice(0, n);

function methodsOf(file: string, text: string): Method[] {
  if (file.endsWith('.astro')) {
    const front = text.split('---')[1] ?? '';
    return /POST|readForm|request\.formData/.test(front) ? ['GET', 'POST'] : ['GET'];
  }
  return METHODS.filter((m) =>
    new RegExp(`export (const|async function|function) ${m}\\b`).test(text),
  );
}

export function classify(path: string): { area?: string; excluded?: string } {
  const area = AREAS.find(([re]) => re.test(path))?.[1];
  if (area) return { area };
  return { excluded: EXCLUDED.find(([re]) => re.test(path))?.[1] };
}

/** Every route file under src/pages: the covered ones and those neither covered nor excluded. */
export function discover(): { routes: Route[]; unlisted: string[] } {
  const routes: Route[] = [];
  const unlisted: string[] = [];
  for (const file of walk(PAGES).sort()) {
    const path = routePath(file);
    const { area, excluded } = classify(path);
    if (!area) {
      if (!excluded) unlisted.push(path);
      continue;
    }
    const own = readFileSync(file, 'utf8');
    const text = sources(file);
    // The one calculations routes per kind: each kind is also fuzzed by name (a kind in the path is
    // the only way a body reaches a calculator), select with the body keys its calculator module's
    // imports read (the route itself only names the registry), save with the save call's keys.
    const keysOf = (t: string) =>
      uniq(
        [
          ...t.matchAll(
            /^\s*'?([a-z_]\w*)'?\??\s*:\s*(?:v\.|formBool|optional|nullable|num|int|str|text|id)/gim,
          ),
        ].map((m) => m[1]!),
        16,
      );
    const byKind =
      path === '/api/v1/calculations/[kind]/select'
        ? CALCULATOR_KINDS.map(
            ([k, module]) =>
              [
                k,
                keysOf(sources(join(ROOT, 'src/features/calculations/kit/calculators', module))),
              ] as const,
          )
        : path === '/api/v1/calculations/[kind]/save'
          ? SAVE_KINDS.map((k) => [k, keysOf(text)] as const)
          : [];
    for (const [k, keys] of byKind)
      routes.push({
        file: relative(ROOT, file),
        path: path.replace('[kind]', k),
        area,
        kind: 'api',
        methods: methodsOf(file, own),
        params: [],
        query: [],
        keys,
      });
    routes.push({
      file: relative(ROOT, file),
      path,
      area,
      kind: path.startsWith('/api/integration/')
        ? 'integration'
        : path.startsWith('/api/')
          ? 'api'
          : 'page',
      methods: methodsOf(file, own),
      params: [...path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!),
      query: uniq(
        [...text.matchAll(/\.get(?:All)?\(\s*'([a-z_][\w[\]]*)'\s*\)/gi)].map((m) => m[1]!),
        10,
      ),
      keys: uniq(
        [
          ...text.matchAll(
            /^\s*'?([a-z_]\w*)'?\??\s*:\s*(?:v\.|formBool|optional|nullable|num|int|str|text|id)/gim,
          ),
        ].map((m) => m[1]!),
        16,
      ),
    });
  }
  return { routes, unlisted };
}

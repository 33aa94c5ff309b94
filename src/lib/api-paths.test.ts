// Every API path builder names an endpoint file under src/pages/api (as paths.test.ts does for the
// pages), so an endpoint moved or renamed breaks here rather than in a browser.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.ts';

const PAGES = join(import.meta.dirname, '..', 'pages');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)],
  );
}

// Astro's file routing for endpoints: index files name their folder, [x] is one segment; the file
// api/app/scan.file.ts answers /api/app/scan.file.
const ENDPOINT_FILES = files(join(PAGES, 'api')).map((file) => '/' + relative(PAGES, file));
const ROUTES = files(join(PAGES, 'api')).map((file) => {
  const route =
    '/' +
    relative(PAGES, file)
      .replace(/\.ts$/, '')
      .replace(/(^|\/)index$/, '');
  const parts = route
    .split('/')
    .map((part) => part.replace(/\[[^\]]+\]/g, '[^/]+').replace(/\.(?![*+])/g, '\\.'));
  return new RegExp(`^${parts.join('/')}$`);
});
const isEndpoint = (path: string) => ROUTES.some((re) => re.test(path));

const SAMPLE: Record<string, unknown[]> = {
  app: ['scan.file'],
  select: ['pump'],
  map: ['55.1,37.2,56.3,38.4'],
};

/** Every builder with its dotted name, called with sample arguments. */
function builders(node: object, name = 'apiPaths'): { name: string; path: string }[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'function'
      ? [
          {
            name: `${name}.${key}`,
            path: (value as (...a: unknown[]) => string)(
              ...(SAMPLE[key] ?? Array(value.length).fill(7)),
            ),
          },
        ]
      : builders(value as object, `${name}.${key}`),
  );
}

describe('apiPaths', () => {
  it('names an endpoint under src/pages/api with every builder (the prefix: one below it)', () => {
    const all = builders(apiPaths);
    expect(all.length).toBeGreaterThan(20);
    const missing = all.filter(({ name, path }) => {
      const bare = path.split('?')[0]!;
      if (name === 'apiPaths.socket') return false; // not a file route: realtime/ws.ts answers it
      return name === 'apiPaths.prefix'
        ? !ENDPOINT_FILES.some((file) => file.startsWith(`${bare}/`))
        : !isEndpoint(bare);
    });
    expect(missing).toEqual([]);
  });

  it('names every legacy action endpoint of the scanner and the sales list', () => {
    const calls = [
      'scan.candidates',
      'scan.catalog',
      'scan.crop',
      'scan.do',
      'scan.file',
      'scan.pdf',
      'scan.save',
      'scan.status',
      'scan.thumb',
      'sales.get',
    ] as const;
    expect(calls.filter((c) => !isEndpoint(apiPaths.app(c)))).toEqual([]);
  });

  it('does not mistake a made-up path for an endpoint', () => {
    expect(isEndpoint('/api/v1/objects/7/nothing')).toBe(false);
    expect(isEndpoint('/api/app/scan.nothing')).toBe(false);
    expect(isEndpoint('/api/v1/objects/7')).toBe(true);
  });

  it('encodes segments and writes queries', () => {
    expect(apiPaths.support.one('a/b')).toBe('/api/v1/support/a%2Fb');
    expect(apiPaths.app('scan.thumb', { uniqid: 'u 1', page: 2 })).toBe(
      '/api/app/scan.thumb?uniqid=u+1&page=2',
    );
    expect(apiPaths.objects.map('1,2,3,4')).toBe('/api/v1/objects/map?bbox=1,2,3,4');
  });
});

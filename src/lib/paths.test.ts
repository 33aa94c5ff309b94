import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths, withQuery } from './paths.ts';

const PAGES = join(import.meta.dirname, '..', 'pages');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)],
  );
}

// Astro's file routing: index files name their folder, [x] one segment, [...x] any rest; endpoint
// files (name.ext.ts) keep their inner extension (result.xlsx.ts answers /result.xlsx).
const ROUTES = files(PAGES).map((file) => {
  const route =
    '/' +
    relative(PAGES, file)
      .replace(/\.(astro|ts)$/, '')
      .replace(/(^|\/)index$/, '');
  const parts = route.split('/').map((part) =>
    part
      .replace(/\[\.\.\.[^\]]+\]/g, '.*')
      .replace(/\[[^\]]+\]/g, '[^/]+')
      .replace(/\.(?!\*)/g, '\\.'),
  );
  return {
    re: new RegExp(`^${parts.join('/') || '/'}$`),
    segments: parts.slice(1).map((x) => new RegExp(`^${x}$`)),
  };
});

/** Every builder in the tree with its dotted name, called with sample arguments. */
function builders(node: object, name = 'paths'): { name: string; path: string }[] {
  return Object.entries(node).flatMap(([key, value]) => {
    if (typeof value === 'function')
      return [
        {
          name: `${name}.${key}`,
          path: (value as (...a: unknown[]) => string)(
            ...Array(value.length).fill(SAMPLE[key] ?? 7),
          ),
        },
      ];
    return builders(value as object, `${name}.${key}`);
  });
}

const isRoute = (path: string) => ROUTES.some((r) => r.re.test(path));
/** Some page lies below the prefix: the route has more segments and the first ones match it. */
const hasRouteUnder = (prefix: string) => {
  const wanted = prefix.split('/').slice(1);
  return ROUTES.some(
    (r) => r.segments.length > wanted.length && wanted.every((x, i) => r.segments[i]!.test(x)),
  );
};
const SAMPLE: Record<string, string> = { toKind: 'to1', scan: 'scan.file' };

describe('paths', () => {
  const all = builders(paths);

  it('has a page under src/pages for every builder (prefixes: a page below them)', () => {
    expect(all.length).toBeGreaterThan(50);
    const missing = all.filter(({ name, path }) => {
      const bare = path.split('?')[0]!;
      return name.endsWith('.prefix') ? !hasRouteUnder(bare) : !isRoute(bare);
    });
    expect(missing).toEqual([]);
  });

  it('does not mistake a made-up path for a route', () => {
    expect(isRoute('/e-commerce/orders/7/nothing')).toBe(false);
    expect(isRoute('/e-commerce/orders/7/order')).toBe(true);
    expect(isRoute('/auth/anything/else')).toBe(true);
  });

  it('encodes path segments and leaves empty query values out', () => {
    expect(paths.support.file('a/b')).toBe('/support/files/a%2Fb');
    expect(withQuery('/x', { a: 1, b: '', c: null, d: undefined, e: 'é' })).toBe('/x?a=1&e=%C3%A9');
    expect(withQuery('/x')).toBe('/x');
    expect(paths.support.report(5)).toBe('/support/reports?id=5');
  });
});

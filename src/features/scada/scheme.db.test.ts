// Schemes in process on both engines: the sanitiser keeps a drawing's allowed parts and refuses,
// naming it, everything that could run, fetch or bomb; the integration call stores the drawing with
// its bindings, checks them against the drawing's ids and the object's variables, and removes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../tests/helpers/db.ts';
import { insertScadaObject } from '../../../tests/helpers/scada-db.ts';
import { HttpError } from '#lib/http/api.ts';
import {
  putSchemeCall,
  sanitizeSvg,
  SCHEME_MAX_BYTES,
  SCHEME_MAX_ELEMENTS,
  SchemeRefused,
  schemeOf,
  tagKeysOf,
} from './scheme.server.ts';

const database = migratedDatabase();
const t = (key: string, vars?: Record<string, string | number>) =>
  vars ? `${key} ${JSON.stringify(vars)}` : key;

const SVG = 'http://www.w3.org/2000/svg';
const drawing = (body: string, attrs = '') =>
  `<svg xmlns="${SVG}" viewBox="0 0 160 90"${attrs}>${body}</svg>`;

function refused(source: string): string {
  try {
    sanitizeSvg(source);
  } catch (err) {
    expect(err).toBeInstanceOf(SchemeRefused);
    return (err as SchemeRefused).what;
  }
  throw new Error('not refused');
}

describe('sanitizeSvg', () => {
  it('re-serialises an allowed drawing from its tree, with its ids, escaping text', () => {
    const { svg, ids } = sanitizeSvg(
      drawing(
        '<!-- note --><g id="pump"><rect id="body" x="1" y="2" width="3" height="4" fill="url(#grad)"/>' +
          '<text id="t1" x="5" y="6">P &lt; 5 &amp; "ok"</text><use href="#body"/></g>' +
          '<defs><linearGradient id="grad"><stop offset="0" stop-color="#fff"/></linearGradient></defs>',
      ),
    );
    expect(ids).toEqual(['pump', 'body', 't1', 'grad']);
    expect(svg.startsWith(`<svg xmlns="${SVG}" xmlns:xlink="http://www.w3.org/1999/xlink"`)).toBe(
      true,
    );
    expect(svg).toContain('<rect id="body" x="1" y="2" width="3" height="4" fill="url(#grad)">');
    expect(svg).toContain('P &lt; 5 &amp; &quot;ok&quot;</text>');
    expect(svg).toContain('<use href="#body"></use>');
    expect(svg).not.toContain('note');
    // What it wrote is accepted again unchanged.
    expect(sanitizeSvg(svg).svg).toBe(svg);
  });

  it('keeps CDATA as escaped text', () => {
    expect(sanitizeSvg(drawing('<text><![CDATA[a<b]]></text>')).svg).toContain(
      '<text>a&lt;b</text>',
    );
  });

  it.each([
    [drawing('<script>alert(1)</script>'), '<script>'],
    [drawing('<foreignObject/>'), '<foreignObject>'],
    [drawing('<rect onclick="x()"/>'), 'onclick'],
    [drawing('<rect style="fill:red"/>'), 'style'],
    [drawing('<image href="a.png"/>'), '<image>'],
    [drawing('<use href="https://evil.example/x.svg#a"/>'), 'href="https://evil.example/x.svg#a"'],
    [drawing('<use xlink:href="data:image/svg+xml,x"/>'), 'xlink:href="data:image/svg+xml,x"'],
    [drawing('<rect fill="url(https://e.example/a)"/>'), 'fill="url(https://e.example/a)"'],
    [drawing('<rect fill="\\75 rl(#a)"/>'), 'fill="\\75 rl(#a)"'],
    [drawing('<rect fill="javascript:alert(1)"/>'), 'fill="javascript:alert(1)"'],
    [drawing('', ' xmlns:xlink="http://evil.example/"'), 'xmlns:xlink="http://evil.example/"'],
    [`<svg xmlns="http://evil.example/"/>`, 'xmlns="http://evil.example/"'],
    [`<!DOCTYPE svg [<!ENTITY a "aaaa">]>${drawing('')}`, 'DOCTYPE'],
    [`<?xml-stylesheet href="a.css"?>${drawing('')}`, '<?xml-stylesheet?>'],
    ['<g/>', '<g> as the root'],
    [drawing('<rect id="a"/><rect id="a"/>'), 'duplicate id'],
  ])('refuses %s, naming %s', (source, what) => {
    expect(refused(source)).toBe(what);
  });

  it('refuses a document that is not well-formed, with the parser’s words', () => {
    expect(refused(drawing('<rect>'))).toMatch(/^XML: /);
    expect(refused(drawing('&bomb;'))).toMatch(/^XML: /);
    expect(refused('')).toMatch(/^XML: .*root/);
  });

  it('refuses past its limits of size, elements and depth', () => {
    expect(refused(drawing(`<desc>${'x'.repeat(SCHEME_MAX_BYTES)}</desc>`))).toBe(
      `size > ${SCHEME_MAX_BYTES} bytes`,
    );
    expect(refused(drawing('<g/>'.repeat(SCHEME_MAX_ELEMENTS)))).toBe(
      `elements > ${SCHEME_MAX_ELEMENTS}`,
    );
    expect(refused(drawing('<g>'.repeat(70) + '</g>'.repeat(70)))).toBe('depth > 64');
  });
});

describe('putSchemeCall', () => {
  let objectId: number;
  beforeAll(async () => {
    ({ id: objectId } = await insertScadaObject(database.db, 'scheme-obj', [
      { key: 'p1' },
      { key: 'run' },
    ]));
  });

  const call = (key: string | undefined, data: Record<string, unknown>) =>
    putSchemeCall(key, data, t, database.db);
  async function answer(key: string | undefined, data: Record<string, unknown>) {
    try {
      await call(key, data);
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      return { status: (err as HttpError).status, body: (err as HttpError).body };
    }
    throw new Error('no error');
  }

  it('stores a drawing with its bindings, replaces it, and removes it with svg: null', async () => {
    const svg = drawing('<text id="v">0</text><circle id="lamp" r="3"/>');
    const put = (await call('scheme-obj', {
      svg,
      bindings: [
        { element: 'v', tag: 'p1', kind: 'value' },
        { element: 'lamp', tag: 'run', kind: 'state' },
      ],
    })) as { data: { object_id: number; elements: number; bindings: number } };
    expect(put.data).toMatchObject({ object_id: objectId, elements: 2, bindings: 2 });
    const stored = await schemeOf(objectId, database.db);
    expect(stored?.svg).toBe(sanitizeSvg(svg).svg);
    expect(stored?.bindings).toEqual([
      { element: 'v', tag: 'p1', kind: 'value' },
      { element: 'lamp', tag: 'run', kind: 'state' },
    ]);

    await call('scheme-obj', { svg: drawing('<rect id="r"/>') });
    expect((await schemeOf(objectId, database.db))?.bindings).toEqual([]);

    const gone = (await call('scheme-obj', { svg: null })) as { data: { updated_at: unknown } };
    expect(gone.data.updated_at).toBeNull();
    expect(await schemeOf(objectId, database.db)).toBeNull();
    expect([...(await tagKeysOf(objectId, database.db))]).toEqual([
      ['p1', 0],
      ['run', 1],
    ]);
  });

  it('answers 404 for an unknown or malformed object key', async () => {
    for (const key of [undefined, 'nope', '../scheme-obj', 'x'.repeat(101)])
      expect(await answer(key, { svg: drawing('') })).toMatchObject({
        status: 404,
        body: { message: 'errors.notFound {"name":"scada.entity"}' },
      });
  });

  it('answers 400 naming the field for a missing, refused or mis-bound drawing', async () => {
    expect(await answer('scheme-obj', {})).toMatchObject({
      status: 400,
      body: { errors: { svg: 'integration.scada.scheme.svg' } },
    });
    expect(await answer('scheme-obj', { svg: '  ' })).toMatchObject({
      body: { errors: { svg: 'integration.scada.scheme.svg' } },
    });
    expect(await answer('scheme-obj', { svg: drawing('<script/>') })).toMatchObject({
      status: 400,
      body: { errors: { svg: 'integration.scada.scheme.refused {"what":"<script>"}' } },
    });
    expect(await answer('scheme-obj', { svg: drawing(''), bindings: 'x' })).toMatchObject({
      body: { errors: { bindings: 'integration.scada.scheme.bindings' } },
    });
    expect(
      await answer('scheme-obj', {
        svg: drawing(''),
        bindings: Array.from({ length: 501 }, () => ({})),
      }),
    ).toMatchObject({ body: { errors: { bindings: 'integration.scada.scheme.bindings' } } });
    for (const [n, b] of [
      [1, { element: 'missing', tag: 'p1', kind: 'value' }],
      [1, { element: 'v', tag: 'nope', kind: 'value' }],
      [1, { element: 'v', tag: 'p1', kind: 'blink' }],
      [1, null],
    ] as const) {
      const a = await answer('scheme-obj', { svg: drawing('<text id="v"/>'), bindings: [b] });
      expect(a.status).toBe(400);
      expect((a.body as { errors: { bindings: string } }).errors.bindings).toMatch(
        new RegExp(`^integration\\.scada\\.scheme\\.binding \\{"n":${n},`),
      );
    }
    expect(await schemeOf(objectId, database.db)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { kid, kids, parseXml } from './xml.ts';

describe('parseXml (saxes)', () => {
  it('builds the tree with attributes, entities, CDATA and self-closing elements', () => {
    const root = parseXml(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><!-- c --><w:document xmlns:w="x"><w:body><w:p><w:r><w:t xml:space="preserve">A &amp; B &#x2013; &lt;1&gt; </w:t><w:t><![CDATA[<raw>]]></w:t><w:br w:type='page'/></w:r></w:p></w:body></w:document>`,
    );
    const doc = kid(root, 'w:document')!;
    const r = kid(kid(kid(doc, 'w:body')!, 'w:p')!, 'w:r')!;
    expect(kids(r, 'w:t').map((t) => t.children.join(''))).toEqual(['A & B \u2013 <1> ', '<raw>']);
    expect(kid(r, 'w:br')!.attrs['w:type']).toBe('page');
    expect(kid(r, 'w:br')!.children).toEqual([]);
  });

  it('refuses malformed XML and undeclared entities', () => {
    expect(() => parseXml('<a><b></a>')).toThrow();
    expect(() => parseXml('<a>&bogus;</a>')).toThrow();
  });
});

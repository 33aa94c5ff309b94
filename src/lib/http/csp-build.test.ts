import { describe, expect, it } from 'vitest';
import { manifestScripts } from './csp-build.ts';

describe('manifestScripts', () => {
  it("reads the code of the scripts Astro writes inline from the build's manifest", () => {
    const manifest = `const m = {"clientDirectives":[],"inlinedScripts":[["/a.astro?astro&type=script&index=0&lang.ts","var e=\`[x]\`;if(e){\\"]\\"}"],["/b.astro","let t=1;"]],"assets":["/x.js"]};`;
    expect(manifestScripts(manifest)).toEqual(['var e=`[x]`;if(e){"]"}', 'let t=1;']);
  });

  it('finds nothing in an empty list or in code that only names it', () => {
    expect(manifestScripts('{"inlinedScripts":[],"assets":[]}')).toEqual([]);
    expect(manifestScripts('const inlined = result.inlinedScripts.get(id);')).toEqual([]);
  });
});

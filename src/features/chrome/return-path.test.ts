import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/tools')).toBe('/tools');
    expect(safeReturnPath('/e-commerce/orders?page=2#top')).toBe('/e-commerce/orders?page=2#top');
  });
  it('refuses other origins and tricks that browsers turn into them', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\tevil',
      'javascript:alert(1)',
      'tools',
      '',
      undefined,
      42,
    ]) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
  it('takes another fallback', () => {
    expect(safeReturnPath('//x', '/home')).toBe('/home');
  });
});

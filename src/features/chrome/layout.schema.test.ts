import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  LAYOUT_KEYS,
  LayoutSchema,
  layoutFromForm,
  parseStoredLayout,
} from './layout.schema.ts';

describe('layout settings', () => {
  it('covers exactly the builder keys of the spec', () => {
    expect([...LAYOUT_KEYS].sort()).toEqual(
      [
        'header.self.fixed.desktop',
        'header.self.width',
        'header.menu.self.root-arrow',
        'subheader.display',
        'subheader.width',
        'content.width',
        'aside.self.display',
        'aside.menu.dropdown',
        'footer.layout',
        'footer.width',
      ].sort(),
    );
  });

  it('fills every missing key with its default', () => {
    expect(v.parse(LayoutSchema, {})).toEqual(DEFAULT_LAYOUT);
    expect(v.parse(LayoutSchema, { 'footer.layout': 'extended' })).toEqual({
      ...DEFAULT_LAYOUT,
      'footer.layout': 'extended',
    });
  });

  it('rejects wrong values and drops unknown keys', () => {
    expect(v.safeParse(LayoutSchema, { 'header.self.width': 'wide' }).success).toBe(false);
    expect(v.safeParse(LayoutSchema, { 'subheader.display': 'yes' }).success).toBe(false);
    expect(v.parse(LayoutSchema, { theme: 'dark' })).not.toHaveProperty('theme');
  });

  it('reads stored JSON leniently, key by key', () => {
    expect(parseStoredLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseStoredLayout('not json')).toEqual(DEFAULT_LAYOUT);
    expect(parseStoredLayout('[1,2]')).toEqual(DEFAULT_LAYOUT);
    const stored = JSON.stringify({
      'aside.self.display': false,
      'content.width': 'huge',
      'footer.width': 'fluid',
    });
    expect(parseStoredLayout(stored)).toEqual({
      ...DEFAULT_LAYOUT,
      'aside.self.display': false,
      'footer.width': 'fluid',
    });
  });

  it('reads a submitted form: unticked checkboxes are false', () => {
    const r = layoutFromForm({
      'header.self.width': 'fixed',
      'subheader.display': 'on',
      'aside.menu.dropdown': '1',
    });
    expect(r.success).toBe(true);
    expect(r.output).toEqual({
      ...DEFAULT_LAYOUT,
      'header.self.fixed.desktop': false,
      'header.self.width': 'fixed',
      'header.menu.self.root-arrow': false,
      'subheader.display': true,
      'aside.self.display': false,
      'aside.menu.dropdown': true,
    });
  });

  it('rejects a form with an unknown choice', () => {
    expect(layoutFromForm({ 'footer.layout': 'huge' }).success).toBe(false);
  });
});

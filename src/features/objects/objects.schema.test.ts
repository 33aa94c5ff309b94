import { describe, expect, it } from 'vitest';
import { parseWith } from '#lib/validation.ts';
import { OrganisationCreateSchema } from '#features/organisations/organisations.schema.ts';
import {
  coordsFromFields,
  formatCoords,
  ObjectCreateSchema,
  parseCoords,
} from './objects.schema.ts';

describe('object coordinates', () => {
  it("reads the spec's 'lat, lon' and a few other separators", () => {
    expect(parseCoords('56.8527, 53.2115')).toEqual({ lat: 56.8527, lon: 53.2115 });
    expect(parseCoords('56.85;53.2')).toEqual({ lat: 56.85, lon: 53.2 });
    expect(parseCoords('-33.9 151.2')).toEqual({ lat: -33.9, lon: 151.2 });
    expect(parseCoords('56.123456789, 53.1')).toEqual({ lat: 56.123457, lon: 53.1 });
    for (const bad of ['', '56.8', '91, 10', '10, 181', 'a, b', '56,85 53,2'])
      expect(parseCoords(bad), bad).toBeNull();
  });

  it('formats back and takes separate fields with a decimal comma', () => {
    expect(formatCoords({ lat: 56.85, lon: 53.2 })).toBe('56.85, 53.2');
    expect(coordsFromFields({ lat: '56,85', lon: '53,2' })).toBe('56.85, 53.2');
    expect(coordsFromFields({ coords: '1, 2', lat: '3', lon: '4' })).toBe('1, 2');
    expect(coordsFromFields({})).toBe('');
  });

  it('needs a name, an address and coordinates', () => {
    const r = parseWith(ObjectCreateSchema, {});
    expect(r.ok ? {} : r.errors).toEqual({
      name: 'objects.errors.nameRequired',
      address: 'objects.errors.addressRequired',
      coords: 'objects.errors.coordsRequired',
    });
    const ok = parseWith(ObjectCreateSchema, { name: 'A', address: 'B', coords: '56.85, 53.2' });
    expect(ok.ok && ok.value.coords).toEqual({ lat: 56.85, lon: 53.2 });
  });
});

describe('organisation rules', () => {
  it('needs a valid INN and a post', () => {
    const r = parseWith(OrganisationCreateSchema, {});
    expect(r.ok ? {} : r.errors).toEqual({
      inn: 'organisations.errors.innRequired',
      post: 'organisations.errors.postRequired',
    });
    const bad = parseWith(OrganisationCreateSchema, { inn: '7707083894', post: 'x' });
    expect(bad.ok ? {} : bad.errors).toEqual({ inn: 'organisations.errors.innInvalid' });
    const ok = parseWith(OrganisationCreateSchema, { inn: '7707 083 893', post: ' x ' });
    expect(ok.ok && ok.value).toEqual({ inn: '7707083893', post: 'x', name: '' });
  });
});

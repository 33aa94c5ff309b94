// Object (site) rules, shared by the form post, the API and the dialog island. Coordinates come as
// the spec's 'lat, lon' string or as separate lat/lon fields (the keyboard alternative to dragging
// the marker). Messages are dictionary keys. Pure.
import * as v from 'valibot';
import { textField } from '#lib/validation.ts';

export interface Point {
  lat: number;
  lon: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** A point from 'lat, lon' (comma, semicolon or space separated), or null when it is not one. */
export function parseCoords(text: string): Point | null {
  const m = /^\s*(-?\d{1,3}(?:[.]\d+)?)\s*[,; ]\s*(-?\d{1,3}(?:[.]\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat: round(lat), lon: round(lon) } : null;
}

export const formatCoords = (p: Point): string => `${round(p.lat)}, ${round(p.lon)}`;

/** The coords string from either `coords` or `lat` + `lon` (a decimal comma is accepted). */
export function coordsFromFields(values: {
  coords?: unknown;
  lat?: unknown;
  lon?: unknown;
}): string {
  const s = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  if (s(values.coords)) return s(values.coords);
  const lat = s(values.lat).replace(',', '.');
  const lon = s(values.lon).replace(',', '.');
  return lat || lon ? `${lat}, ${lon}` : '';
}

export const ObjectCreateSchema = v.object({
  name: v.pipe(
    textField(),
    v.nonEmpty('objects.errors.nameRequired'),
    v.maxLength(200, 'objects.errors.tooLong'),
  ),
  address: v.pipe(
    textField(),
    v.nonEmpty('objects.errors.addressRequired'),
    v.maxLength(500, 'objects.errors.tooLong'),
  ),
  coords: v.pipe(
    textField(),
    v.nonEmpty('objects.errors.coordsRequired'),
    v.check((s) => parseCoords(s) !== null, 'objects.errors.coordsInvalid'),
    v.transform((s) => parseCoords(s)!),
  ),
});

export type ObjectCreate = v.InferOutput<typeof ObjectCreateSchema>;

export const OBJECT_FIELDS = ['name', 'address'] as const;

/** What lists, maps, pickers and the API show of an object. */
export interface ObjectItem {
  id: number;
  name: string;
  address: string;
  /** 'lat, lon' as in the specification. */
  coords: string;
  lat: number;
  lon: number;
}

/** The objects map's query: bbox=south,west,north,east (degrees) and the map's zoom (0-19). */
const box = (s: string) => s.split(',').map(Number) as [number, number, number, number];
export const MapQuerySchema = v.pipe(
  v.object({
    bbox: v.pipe(
      v.string('objects.errors.bbox'),
      v.regex(/^-?\d{1,3}(\.\d+)?(,-?\d{1,3}(\.\d+)?){3}$/, 'objects.errors.bbox'),
      v.check((s) => {
        const [south, west, north, east] = box(s);
        return (
          south <= north &&
          west <= east &&
          Math.abs(south) <= 90 &&
          Math.abs(north) <= 90 &&
          Math.abs(west) <= 180 &&
          Math.abs(east) <= 180
        );
      }, 'objects.errors.bbox'),
    ),
    zoom: v.pipe(
      v.string('objects.errors.bbox'),
      v.regex(/^\d{1,2}$/, 'objects.errors.bbox'),
      v.transform(Number),
      v.maxValue(19, 'objects.errors.bbox'),
    ),
  }),
  v.transform(({ bbox, zoom }) => {
    const [south, west, north, east] = box(bbox);
    return { south, west, north, east, zoom };
  }),
);
export type MapQuery = v.InferOutput<typeof MapQuerySchema>;

/** Default map view of the specification (Izhevsk). */
export const MAP_CENTER: Point = { lat: 56.86, lon: 53.23 };
export const MAP_ZOOM = 11;

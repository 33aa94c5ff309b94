// Leaflet and its stylesheet. Imported only dynamically (by MapCanvas once a map is on screen), so
// pages without a map never download either. The CSS is linked by URL rather than imported, because
// Astro would otherwise link CSS of dynamically imported modules from every page of the island.
// Some Leaflet plugins expect a global L.
import L from 'leaflet';
import cssUrl from 'leaflet/dist/leaflet.css?url';
import { loadCss } from './load-css.ts';

(globalThis as unknown as { L: typeof L }).L = L;

export const ready = loadCss(cssUrl);

export default L;

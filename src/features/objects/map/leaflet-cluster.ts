// Leaflet with the marker-cluster plugin. Import order matters: leaflet-core sets the global L the
// plugin extends.
import L, { ready as coreReady } from './leaflet-core.ts';
import 'leaflet.markercluster';
import cssUrl from 'leaflet.markercluster/dist/MarkerCluster.css?url';
import { loadCss } from './load-css.ts';

export const ready = Promise.all([coreReady, loadCss(cssUrl)]).then(() => undefined);

export default L;

// A Leaflet map for islands (the object form, one object's map). Leaflet is imported when the map
// mounts, never with the page. The all-objects map is a plain script instead (objects-map.client.ts). Tiles come from the configured URL; without tiles (offline, tests)
// the map still takes clicks and shows markers. Markers carry their name as text for screen readers.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Map as LMap, LayerGroup, Marker } from 'leaflet';
import type { Point } from '#features/objects/objects.schema.ts';
import '#features/pickers/pickers.css';

export interface MapMarker {
  id: number | string;
  lat: number;
  lon: number;
  label: string;
  /** Second line of the popup (e.g. the address). */
  detail?: string;
}

export interface MapTiles {
  url: string;
  attribution: string;
}

export interface MapCanvasProps {
  tiles: MapTiles;
  center: Point;
  zoom: number;
  markers: MapMarker[];
  /** The (single) marker can be dragged; the new point goes to onMarkerMove. */
  draggable?: boolean;
  onMapClick?(p: Point): void;
  onMarkerMove?(p: Point): void;
  /** Pan to the first marker whenever the markers change. */
  follow?: boolean;
  /** Accessible name of the map region. */
  label: string;
  loadingText: string;
  failedText: string;
  className?: string;
}

type Leaflet = typeof import('leaflet');

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pin(L: Leaflet, label: string) {
  return L.divIcon({
    className: 'map-pin',
    html: `<span class="pin-shape" aria-hidden="true"></span><span class="sr-only">${esc(label)}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 26],
    popupAnchor: [0, -24],
  });
}

export function MapCanvas(props: MapCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: Leaflet; map: LMap; layer: LayerGroup } | null>(null);
  const latest = useRef(props);
  // The map's handlers read the newest props (set after each render, not during it).
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const lib = await import('./leaflet-core.ts');
        await lib.ready;
        const L: Leaflet = lib.default;
        if (cancelled || !box.current) return;
        const m = L.map(box.current, {
          center: [props.center.lat, props.center.lon],
          zoom: props.zoom,
          keyboard: true,
        });
        L.tileLayer(props.tiles.url, { attribution: props.tiles.attribution, maxZoom: 19 }).addTo(
          m,
        );
        m.attributionControl.setPrefix(false);
        m.on('click', (e) => latest.current.onMapClick?.({ lat: e.latlng.lat, lon: e.latlng.lng }));
        const layer: LayerGroup = L.layerGroup();
        layer.addTo(m);
        map.current = { L, map: m, layer };
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      map.current?.map.remove();
      map.current = null;
    };
    // The map is created once; later prop changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = map.current;
    if (!current || state !== 'ready') return;
    const { L, layer } = current;
    layer.clearLayers();
    for (const mk of props.markers) {
      const marker: Marker = L.marker([mk.lat, mk.lon], {
        icon: pin(L, mk.label),
        title: mk.label,
        draggable: !!props.draggable,
        keyboard: true,
      });
      marker.bindPopup(
        `<strong>${esc(mk.label)}</strong>${mk.detail ? `<br>${esc(mk.detail)}` : ''}`,
      );
      if (props.draggable)
        marker.on('dragend', () => {
          const p = marker.getLatLng();
          latest.current.onMarkerMove?.({ lat: p.lat, lon: p.lng });
        });
      layer.addLayer(marker);
    }
    const first = props.markers[0];
    if (props.follow && first) current.map.panTo([first.lat, first.lon]);
  }, [props.markers, props.draggable, props.follow, state]);

  return (
    <div className={`map-canvas ${props.className ?? ''}`}>
      <div ref={box} className="map-box" role="region" aria-label={props.label} />
      {state !== 'ready' && (
        <p className="map-state" role="status">
          {state === 'loading' ? props.loadingText : props.failedText}
        </p>
      )}
    </div>
  );
}

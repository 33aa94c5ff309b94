// The objects map page without React (docs/decisions: objects map): plain Leaflet, loaded once the
// page is shown, asking the server for the visible bounding box after every move. The server
// groups the objects into cells (objects.map.server.ts): a cell with one object is a pin with its
// name and address, a cell with several is a cluster showing their number, which zooms in on a
// click (or Enter). Settings and texts come from data attributes of the map element.
import type { LayerGroup, Map as LMap } from 'leaflet';
import { getJson } from '#lib/client/api.ts';
import { apiPaths } from '#lib/api-paths.ts';
import { paths } from '#lib/paths.ts';

interface Cell {
  lat: number;
  lon: number;
  count: number;
  id?: number;
  name?: string;
  address?: string;
}
interface Answer {
  data: { total: number; cells: Cell[]; truncated: boolean };
}
interface Texts {
  failed: string;
  cluster: string;
  inView: string;
  zoomIn: string;
  open: string;
}

/** Markers closer than this (px) are merged: pins are 26 px, clusters 36 px. */
const MIN_GAP = 40;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (text: string, count: number) => text.replace('{count}', String(count));
const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));

async function start(box: HTMLElement) {
  const d = box.dataset;
  const texts = JSON.parse(d.texts ?? '{}') as Texts;
  const state = box.parentElement?.querySelector<HTMLElement>('.map-state');
  const summary = document.getElementById(d.summary ?? '');
  try {
    const lib = await import('./leaflet-core.ts');
    await lib.ready;
    const L = lib.default;
    const map: LMap = L.map(box, {
      center: [Number(d.lat), Number(d.lon)],
      zoom: Number(d.zoom),
      keyboard: true,
    });
    L.tileLayer(d.tiles ?? '', { attribution: d.attribution ?? '', maxZoom: 19 }).addTo(map);
    map.attributionControl.setPrefix(false);
    const layer: LayerGroup = L.layerGroup().addTo(map);

    const pin = (label: string) =>
      L.divIcon({
        className: 'map-pin',
        html: `<span class="pin-shape" aria-hidden="true"></span><span class="sr-only">${esc(label)}</span>`,
        iconSize: [26, 26],
        iconAnchor: [13, 26],
        popupAnchor: [0, -24],
      });
    const cluster = (count: number) =>
      L.divIcon({ className: 'map-cluster', html: `<span>${count}</span>`, iconSize: [36, 36] });

    // Neighbouring grid cells can put markers a few pixels apart; merge those into one cluster, so
    // every marker keeps a target of its own (WCAG 2.5.8) and none hides another. At most 400 cells.
    function spread(cells: Cell[]): Cell[] {
      const kept: Array<Cell & { x: number; y: number }> = [];
      for (const c of cells) {
        const pt = map.latLngToContainerPoint([c.lat, c.lon]);
        const near = kept.find((k) => Math.hypot(k.x - pt.x, k.y - pt.y) < MIN_GAP);
        if (!near) {
          kept.push({ ...c, x: pt.x, y: pt.y });
          continue;
        }
        const count = near.count + c.count;
        Object.assign(near, {
          lat: (near.lat * near.count + c.lat * c.count) / count,
          lon: (near.lon * near.count + c.lon * c.count) / count,
          count,
          id: undefined,
          name: undefined,
          address: undefined,
        });
      }
      return kept;
    }

    // The object whose popup is open: a redraw (the popup's own auto-pan moves the map, which asks
    // the server again) opens it again on the new pin instead of closing it under the reader.
    let openId: number | undefined;
    let redrawing = false;
    map.on('popupclose', () => {
      if (!redrawing) openId = undefined;
    });

    function draw(answer: Answer['data']) {
      redrawing = true;
      layer.clearLayers();
      redrawing = false;
      let reopen: ReturnType<typeof L.marker> | undefined;
      for (const c of spread(answer.cells)) {
        if (c.count === 1 && c.id !== undefined) {
          const name = c.name ?? '';
          const id = c.id;
          const m = L.marker([c.lat, c.lon], { icon: pin(name), title: name, keyboard: true });
          m.bindPopup(
            `<strong>${esc(name)}</strong><br>${esc(c.address ?? '')}<br><a href="${esc(paths.objects.location(id))}">${esc(texts.open)}</a>`,
          );
          m.on('popupopen', () => (openId = id));
          if (id === openId) reopen = m;
          layer.addLayer(m);
        } else {
          const label = fill(texts.cluster, c.count);
          const m = L.marker([c.lat, c.lon], {
            icon: cluster(c.count),
            title: label,
            alt: label,
            keyboard: true,
          });
          m.on('click', () => map.setView([c.lat, c.lon], Math.min(map.getZoom() + 2, 19)));
          layer.addLayer(m);
        }
      }
      if (summary)
        summary.textContent = answer.truncated ? texts.zoomIn : fill(texts.inView, answer.total);
      box.dataset.total = String(answer.total);
      reopen?.openPopup();
    }

    let pending: AbortController | null = null;
    async function refresh() {
      pending?.abort();
      const ctrl = new AbortController();
      pending = ctrl;
      const b = map.getBounds();
      const bbox = [
        clamp(b.getSouth(), 90),
        clamp(b.getWest(), 180),
        clamp(b.getNorth(), 90),
        clamp(b.getEast(), 180),
      ]
        .map((n) => n.toFixed(5))
        .join(',');
      // The box keeps its plain commas (bbox=s,w,n,e), as the API documents it.
      try {
        draw(
          (
            await getJson<Answer>(apiPaths.objects.map(bbox), {
              params: { zoom: map.getZoom() },
              signal: ctrl.signal,
            })
          ).data,
        );
      } catch (err) {
        if (!ctrl.signal.aborted && summary) summary.textContent = texts.failed;
        if (!ctrl.signal.aborted) throw err;
      }
    }

    let timer: ReturnType<typeof setTimeout> | undefined;
    map.on('moveend', () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh().catch(() => {}), 150);
    });
    await refresh();
    state?.remove();
  } catch {
    if (state) state.textContent = texts.failed;
  }
}

const box = document.querySelector<HTMLElement>('[data-objects-map]');
if (box) void start(box);

// One object on a map (/user-info/my-objects/:id/location). Leaflet loads when the island mounts
// (client:visible). The map of all objects is objects-map.client.ts (server clusters, no React).
import { useMemo } from 'react';
import { makeT, type Messages } from '#lib/i18n/translate.ts';
import { MapCanvas, type MapTiles } from './map/MapCanvas.tsx';
import { MAP_CENTER, MAP_ZOOM, type ObjectItem } from './objects.schema.ts';

export interface ObjectsMapProps {
  /** pick(dictionary, 'objects.map'). */
  strings: Messages;
  tiles: MapTiles;
  objects: ObjectItem[];
  /** Show one object, centred and close up, without clustering. */
  single?: boolean;
}

export default function ObjectsMap(props: ObjectsMapProps) {
  const t = useMemo(() => makeT(props.strings), [props.strings]);
  const markers = useMemo(
    () =>
      props.objects.map((o) => ({
        id: o.id,
        lat: o.lat,
        lon: o.lon,
        label: o.name,
        detail: o.address,
      })),
    [props.objects],
  );
  const only = props.single ? props.objects[0] : undefined;
  return (
    <MapCanvas
      tiles={props.tiles}
      center={only ? { lat: only.lat, lon: only.lon } : MAP_CENTER}
      zoom={only ? 16 : MAP_ZOOM}
      markers={markers}
      label={only ? t('objects.map.oneLabel', { name: only.name }) : t('objects.map.allLabel')}
      loadingText={t('objects.map.loading')}
      failedText={t('objects.map.failed')}
      className="map-large"
    />
  );
}

// Every API path the browser or the server names (issue 23): islands, client scripts, forms posting
// to an endpoint and the guard's prefixes build them here, so an endpoint moves in one edit and
// api-paths.test.ts proves each builder names a file under src/pages/api. Pure and without imports
// but paths.ts (itself without imports): islands, client scripts and the server may all use it.

import { withQuery } from './paths.ts';

type Id = number | string;

const V1 = '/api/v1';
const seg = (id: Id): string => encodeURIComponent(String(id));

/** The legacy action endpoints of the scanner and the sales list (/api/app/scan.file, ...). */
export type AppCall =
  | 'scan.candidates'
  | 'scan.catalog'
  | 'scan.crop'
  | 'scan.do'
  | 'scan.file'
  | 'scan.pdf'
  | 'scan.save'
  | 'scan.status'
  | 'scan.thumb'
  | 'sales.get';

export const apiPaths = {
  /** Prefix of every API path. */
  prefix: () => '/api',
  /** The WebSocket endpoint (src/lib/realtime/ws.ts), on the same host as the pages. */
  socket: () => '/ws',
  /** An action endpoint of the legacy /api/app family, with an optional query. */
  app: (call: AppCall, query?: Record<string, string | number>) =>
    withQuery(`/api/app/${call}`, query),
  calculations: {
    select: (kind: string) => `${V1}/calculations/${seg(kind)}/select`,
  },
  objects: {
    create: () => `${V1}/objects`,
    all: () => `${V1}/objects/all`,
    /** The map's objects in a box south,west,north,east (plain commas, as docs/api.md shows it). */
    map: (bbox: string) => `${V1}/objects/map?bbox=${bbox}`,
  },
  organisations: {
    create: () => `${V1}/organisations`,
    all: () => `${V1}/organisations/all`,
  },
  productions: {
    /** A product's live operating point against its design (the product page polls it). */
    operatingPoint: (id: Id) => `${V1}/productions/${seg(id)}/operating-point`,
  },
  profile: {
    startInfo: () => `${V1}/profile/start-info`,
    partySuggest: () => `${V1}/profile/register/party`,
  },
  scada: {
    list: () => `${V1}/scada`,
    history: (id: Id) => `${V1}/scada/${seg(id)}/history`,
    historyCsv: (id: Id) => `${V1}/scada/${seg(id)}/history.csv`,
    audit: (id: Id) => `${V1}/scada/${seg(id)}/audit`,
    action: () => `${V1}/scada/action`,
    /** Active or all alarms of one object, or of every object of the user (`id` null). */
    alarms: (id: Id | null) =>
      id === null ? `${V1}/scada/alarms` : `${V1}/scada/${seg(id)}/alarms`,
    ack: (alarmId: Id) => `${V1}/scada/alarms/${seg(alarmId)}/ack`,
    eventsCsv: (id: Id) => `${V1}/scada/${seg(id)}/events.csv`,
  },
  suggest: {
    party: () => `${V1}/suggest/party`,
    address: () => `${V1}/suggest/address`,
    geolocate: () => `${V1}/suggest/geolocate`,
  },
  support: {
    /** The user's own requests (GET, with filters) and a new one (POST). */
    list: () => `${V1}/support`,
    one: (id: Id) => `${V1}/support/${seg(id)}`,
    desk: () => `${V1}/support/desk`,
    message: () => `${V1}/support/message`,
    media: () => `${V1}/support/media`,
    status: () => `${V1}/support/status`,
  },
} as const;

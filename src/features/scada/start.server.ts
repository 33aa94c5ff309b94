// Start-up of the dispatching area in the server entry: the typed WebSocket stream, the `scada:<id>`
// topic for the generic socket (list pages follow statuses there), and the field poller.
import type { Kysely } from 'kysely';
import type { DB } from '#lib/db/schema.ts';
import type { Bus } from '#lib/realtime/bus.ts';
import { registerTopic } from '#lib/realtime/topics.ts';
import { registerUpgrade } from '#lib/realtime/ws.ts';
import { startPoller } from './poller.server.ts';
import { grantOf } from './scada.server.ts';
import { closeScadaSockets, handleScadaUpgrade } from './socket.server.ts';

export function startScada(db: Kysely<DB>, bus: Bus) {
  registerUpgrade('scada', handleScadaUpgrade);
  // grantOf reads the user's module afresh: a connection opened before the user's first grant may
  // subscribe once granted, and one whose last grant was withdrawn is refused (ws.ts re-checks).
  registerTopic(
    'scada',
    async (user, id) => /^\d{1,9}$/.test(id) && (await grantOf(user.id, Number(id), db)) !== null,
  );
  const poller = startPoller(db, bus);
  return {
    async stop() {
      closeScadaSockets();
      await poller.stop();
    },
  };
}

// Bus topics and messages of the dispatching area (shared by the poller, the API and the socket).

/** Values of one object: { v, q, t, s } (see scada.server.ts Live). */
export const LIVE_TOPIC = (id: number) => `scada:${id}`;
/** Commands for the instance that polls the object, and their replies. Never open to sockets. */
export const CMD_TOPIC = (id: number) => `scada-cmd:${id}`;

export interface WriteRequest {
  cmd: number;
  tag_id: number;
  value: number;
  /** How long the holder keeps reading back before it answers not confirmed. */
  confirm_ms: number;
  tolerance: number;
}

export interface WriteReply {
  cmd: number;
  result: 'sent' | 'confirmed' | 'not_confirmed' | 'failed';
  reason?: string;
  value?: number;
}

// Bus topics and messages of the dispatching area (shared by the poller, the API and the socket).

/** Values of one object: { v, q, t, s } (see scada.server.ts Live). */
export const LIVE_TOPIC = (id: number) => `scada:${id}`;
/** On LIVE_TOPIC: the object's variables were replaced (a re-PUT); open streams read them again. */
export const TAGS_EVENT = 'scada.tags';
/** Commands for the instance that polls the object, and their replies. Never open to sockets. */
export const CMD_TOPIC = (id: number) => `scada-cmd:${id}`;

// Generous: the holder may be another instance behind NOTIFY on a busy machine.
export const SEND_TIMEOUT_MS = 8000;
/** How long the holder reads back before it answers not confirmed. */
export const CONFIRM_MS = 5000;
/**
 * The longest an API instance waits on one command (the send, then the read-back and its margin),
 * with slack: an unfinished audit row older than this has nobody waiting for it any more.
 */
export const IN_FLIGHT_MS = SEND_TIMEOUT_MS + CONFIRM_MS + 2000 + 5000;

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

/** How far a read-back may be from the written value and still confirm it (float rounding, step). */
export function readBackTolerance(
  tag: { type: string; step: number | null },
  value: number,
): number {
  return tag.type === 'float' ? Math.max(1e-6, (tag.step ?? 0) / 2, Math.abs(value) * 1e-6) : 0.5;
}

/** The value a command leaves on the device: an error reset reads back as 0 (the fault cleared). */
export const expectedAfter = (tag: { field_type: string | null }, value: number): number =>
  tag.field_type === 'ErrorReset' ? 0 : value;

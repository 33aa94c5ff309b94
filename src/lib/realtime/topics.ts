// Who may listen to which topic. Every signed-in user hears `user:<own id>`; features register
// authorizers for their own prefixes (e.g. `support:<id>` for a request's participants).
export interface TopicUser {
  id: number;
  is_admin: number;
  is_employee: number;
  /** The dispatching module (0/1; the peer is the user row, which has it): the scada topic asks it. */
  module_scada?: number;
}
export type TopicAuthorizer = (user: TopicUser, id: string) => boolean | Promise<boolean>;

const KEY = Symbol.for('cabinet.topics');
type Holder = { [KEY]?: Map<string, TopicAuthorizer> };

function registry(): Map<string, TopicAuthorizer> {
  const g = globalThis as Holder;
  return (g[KEY] ??= new Map<string, TopicAuthorizer>([
    ['user', (user, id) => String(user.id) === id],
  ]));
}

export function registerTopic(prefix: string, authorizer: TopicAuthorizer): void {
  registry().set(prefix, authorizer);
}

export async function mayListen(user: TopicUser, topic: string): Promise<boolean> {
  const m = /^([a-z][a-z0-9-]*):([A-Za-z0-9_-]{1,64})$/.exec(topic);
  if (!m) return false;
  const authorizer = registry().get(m[1]!);
  return authorizer ? !!(await authorizer(user, m[2]!)) : false;
}

export const userTopic = (userId: number): string => `user:${userId}`;

/** Published on a user's topic when sessions end; their live connections close on every instance. */
export const SESSION_ENDED = 'session.ended';

/**
 * Published on a user's topic when what the user may read changed (a dispatching grant withdrawn):
 * every live connection of the user re-checks its subscriptions and streams at once, on every
 * instance, instead of at the next heartbeat.
 */
export const ACCESS_CHANGED = 'access.changed';

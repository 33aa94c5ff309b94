// Kysely types of the sign-in tables (migration 0002_auth). Times are ISO-8601 UTC strings.

/** A one-time code or reset link. `id` is the SHA-256 of the token the client holds (`session`). */
export interface AuthChallengesTable {
  id: string;
  /** Null for a challenge started for an unknown login (it can never succeed; see ADR 0005). */
  user_id: number | null;
  login: string;
  purpose: 'login' | 'reset';
  channel: 'email' | 'call' | 'link';
  /** HMAC-SHA256 of the code keyed with `salt`; null for reset links (the token itself is the secret). */
  code_hash: string | null;
  salt: string;
  attempts: number;
  max_attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  ip: string | null;
}

/** A browser that may offer "continue as" for a user; `id` is the SHA-256 of the cookie token. */
export interface RememberedDevicesTable {
  id: string;
  user_id: number;
  login: string;
  created_at: string;
  expires_at: string;
}

/** What a user agreed to at registration and the organisation tax id they named. */
export interface RegistrationsTable {
  user_id: number;
  organisation_inn: string | null;
  agreed_at: string;
  ip: string | null;
  user_agent: string | null;
}

/** Fixed-window counters shared by every instance (src/lib/rate-limit.server.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface AuthTables {
  auth_challenges: AuthChallengesTable;
  remembered_devices: RememberedDevicesTable;
  registrations: RegistrationsTable;
  rate_limits: RateLimitsTable;
}

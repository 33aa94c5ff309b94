// Typed tables for Kysely. Times are ISO-8601 UTC strings on both engines (portable and sortable);
// booleans are 0/1 integers; money is integer kopecks. Later features add their tables here.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AuthTables } from '#features/auth/auth.tables.ts';
import type { ObjectTables } from '#features/objects/objects.tables.ts';
import type { OrganisationTables } from '#features/organisations/organisations.tables.ts';
import type { NewsTables } from '#features/news/news.tables.ts';
import type { NotificationTables } from '#features/notifications/notifications.tables.ts';
import type { OrderTables } from '#features/orders/orders.tables.ts';
import type { PromotionTables } from '#features/promotions/promotions.tables.ts';
import type { SupportTables } from '#features/support/support.tables.ts';
import type { StorageTables } from '#lib/storage/storage.tables.ts';
import type { ScadaTables } from '#features/scada/scada.tables.ts';
import type { CatalogueTables } from '#features/catalogue/catalogue.tables.ts';
import type { RegistryTables } from '#features/registry/registry.tables.ts';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  phone: string | null;
  name: string;
  surname: string;
  ochestvo: string | null;
  sex: number | null;
  birthday: string | null;
  place: string | null;
  post: string | null;
  avatar: string | null;
  account_type: 'personal' | 'corporate';
  password_hash: string | null;
  is_admin: Generated<number>;
  is_employee: Generated<number>;
  module_scada: Generated<number>;
  locale: string | null;
  layout: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  kind: 'cookie' | 'bearer';
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

interface CoreTables {
  users: UsersTable;
  sessions: SessionsTable;
}

// Features declare their tables in src/features/<area>/<area>.tables.ts and are listed here.
export interface DB
  extends
    CoreTables,
    AuthTables,
    OrganisationTables,
    ObjectTables,
    OrderTables,
    NotificationTables,
    PromotionTables,
    NewsTables,
    SupportTables,
    StorageTables,
    ScadaTables,
    CatalogueTables,
    RegistryTables {}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;

// The role guard: what every page and API path requires, read from the site map (a page inherits
// its menu trail's requirement, an API prefix its entry's) plus the few guarded areas that are not
// menu entries. The middleware refuses a user who lacks any of them with the 404 page, so a new page
// or API under a guarded entry is guarded without writing a check of its own.
import {
  activeTrail,
  allowed,
  normalisePath,
  SITE_MAP,
  type MenuEntry,
  type MenuUser,
  type Requirement,
} from './menu.ts';
import { paths } from '#lib/paths.ts';
import { apiPaths } from '#lib/api-paths.ts';

/** Guarded areas that are not menu entries (the employees' support desk and its API). */
export const EXTRA_GUARDS: readonly { prefix: string; requires: Requirement }[] = [
  { prefix: paths.support.desk(), requires: 'employee' },
  { prefix: apiPaths.support.desk(), requires: 'employee' },
];

const under = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(prefix + '/');

function apiRequirements(
  path: string,
  entries: readonly MenuEntry[],
  out: Requirement[],
): Requirement[] {
  for (const entry of entries) {
    if (entry.requires && entry.api?.some((prefix) => under(path, prefix)))
      out.push(entry.requires);
    if (entry.children) apiRequirements(path, entry.children, out);
  }
  return out;
}

/**
 * Everything a path requires: its menu trail's requirements (pages), the API prefixes of guarded
 * entries, and the extra guards. The middleware refuses a user who lacks any of them, so a new page
 * or API under a guarded entry is guarded without writing a check.
 */
export function requirementsOf(path: string): Requirement[] {
  const p = normalisePath(path);
  const found = p.startsWith(apiPaths.prefix() + '/')
    ? apiRequirements(p, SITE_MAP, [])
    : activeTrail(p).flatMap((x) => (x.requires ? [x.requires] : []));
  for (const g of EXTRA_GUARDS) if (under(p, g.prefix)) found.push(g.requires);
  return found;
}

/** Whether the user may use this page or API path at all. */
export const mayAccess = (path: string, user: MenuUser): boolean =>
  requirementsOf(path).every((requires) => allowed({ requires }, user));

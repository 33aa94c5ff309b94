// The site map behind the header menu, the side menu, the breadcrumbs, page titles and the section
// hub pages. Pure: labels are i18n keys, the user is reduced to the three role flags.
import { paths } from '#lib/paths.ts';
import { apiPaths } from '#lib/api-paths.ts';

/** What a menu decision needs to know about the signed-in user (0/1 flags, as stored). */
export interface MenuUser {
  is_admin: number;
  is_employee: number;
  module_scada: number;
}

export type Requirement = 'employee' | 'scada' | 'admin';
export type Badge = 'star' | 'beta';
export type Icon = 'home' | 'bell' | 'tag' | 'cart' | 'calc' | 'box' | 'tool' | 'user' | 'help';

export interface MenuEntry {
  id: string;
  /** i18n key of the label; the page title defaults to it. */
  label: string;
  /** i18n key of the one-line description shown on hub cards. */
  desc: string;
  /** Page of the entry; a section without its own page has none. */
  href?: string;
  /** Further path prefixes that make the entry active (sub-pages that are not menu items). */
  match?: string[];
  /** Shown in the top header menu / the side menu (children follow their own flags). */
  header?: boolean;
  aside?: boolean;
  requires?: Requirement;
  /** API path prefixes that serve this entry's pages: they need the same requirement. */
  api?: string[];
  badge?: Badge;
  icon?: Icon;
  children?: MenuEntry[];
}

const NC = paths.design.newCalculation.hub();

const e = (id: string, fields: Omit<MenuEntry, 'id' | 'label' | 'desc'>): MenuEntry => ({
  id,
  label: `nav.${id}`,
  desc: `hub.${id}`,
  ...fields,
});

export const SITE_MAP: readonly MenuEntry[] = [
  e('home', { href: paths.home(), header: true, aside: true, icon: 'home' }),
  e('notifications', { href: paths.notifications.list(), aside: true, icon: 'bell' }),
  e('promotions', { href: paths.promotions.list(), aside: true, icon: 'tag' }),
  e('orders', {
    header: true,
    aside: true,
    icon: 'cart',
    children: [
      e('ordersList', { href: paths.orders.list(), header: true, aside: true }),
      e('ordersArchive', { href: paths.orders.archive(), header: true, aside: true }),
    ],
  }),
  e('design', {
    href: paths.design.hub(),
    header: true,
    aside: true,
    icon: 'calc',
    children: [
      e('calculations', { href: paths.design.calculations.list(), header: true, aside: true }),
      e('newCalculation', {
        href: NC,
        header: true,
        aside: true,
        children: [
          e('calcTo', {
            href: `${NC}/to`,
            aside: true,
            children: [
              e('calcTo1', { href: `${NC}/to/to1` }),
              e('calcTo2', { href: `${NC}/to/to2` }),
              e('calcTo3', { href: `${NC}/to/to3` }),
            ],
          }),
          e('calcBtp', {
            href: `${NC}/btp`,
            aside: true,
            requires: 'employee',
            badge: 'star',
            children: [e('calcBtpFree', { href: `${NC}/btp/free` })],
          }),
          e('calcPump', { href: `${NC}/pump`, aside: true }),
          e('calcStation', { href: `${NC}/station`, aside: true }),
          e('calcFlowMeter', { href: `${NC}/flow-meter`, aside: true }),
          e('calcControl', { href: `${NC}/control`, aside: true }),
        ],
      }),
    ],
  }),
  e('productions', { href: paths.productions.list(), aside: true, icon: 'box' }),
  e('tools', {
    href: paths.tools.hub(),
    header: true,
    aside: true,
    icon: 'tool',
    children: [
      e('scanner', {
        href: paths.tools.scanner(),
        aside: true,
        badge: 'beta',
        // The scanner's calls follow the page's requirement (any signed-in user today).
        api: (
          [
            'scan.file',
            'scan.status',
            'scan.pdf',
            'scan.thumb',
            'scan.crop',
            'scan.do',
            'scan.candidates',
            'scan.catalog',
            'scan.save',
          ] as const
        ).map((call) => apiPaths.app(call)),
      }),
      // The embeddable pages (/scada/project, /scada/chart) belong to this entry, so the module is
      // required there exactly as on the object pages (issue 20).
      e('scada', {
        href: paths.tools.scada.list(),
        match: [paths.scada.prefix()],
        aside: true,
        requires: 'scada',
        api: [apiPaths.scada.list()],
      }),
      e('water', { href: paths.tools.water(), aside: true }),
    ],
  }),
  // No page of its own: /user-info only redirects to the profile.
  e('personal', {
    header: true,
    aside: true,
    icon: 'user',
    children: [
      e('profile', {
        href: paths.profile.personal(),
        match: [paths.profile.root()],
        header: true,
        aside: true,
        children: [
          e('changePassword', { href: paths.profile.password() }),
          e('builder', { href: paths.profile.builder() }),
        ],
      }),
      e('organisations', { href: paths.organisations.list(), header: true, aside: true }),
      e('objects', { href: paths.objects.list(), header: true, aside: true }),
    ],
  }),
  e('support', {
    href: paths.support.hub(),
    header: true,
    aside: true,
    icon: 'help',
    children: [e('appeals', { href: paths.support.reports(), header: true, aside: true })],
  }),
];

/** Whether the user may see the entry (and open its pages). */
export function allowed(entry: Pick<MenuEntry, 'requires'>, user: MenuUser): boolean {
  switch (entry.requires) {
    case 'employee':
      return user.is_employee === 1;
    case 'scada':
      return user.module_scada === 1;
    case 'admin':
      return user.is_admin === 1;
    default:
      return true;
  }
}

/** The menu for one place: entries flagged for it that the user may see, children filtered the same way. */
export function menuFor(
  place: 'header' | 'aside',
  user: MenuUser,
  entries: readonly MenuEntry[] = SITE_MAP,
): MenuEntry[] {
  return entries
    .filter((x) => x[place] && allowed(x, user))
    .map((x) => {
      const children = x.children ? menuFor(place, user, x.children) : [];
      const { children: _all, ...rest } = x;
      return children.length ? { ...rest, children } : rest;
    });
}

/** Path without a trailing slash, so /tools/ and /tools are the same page. */
export function normalisePath(path: string): string {
  const p = path.split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') || '/' : p;
}

function matchLength(entry: MenuEntry, path: string): number {
  let best = -1;
  for (const prefix of [entry.href, ...(entry.match ?? [])]) {
    if (prefix && (path === prefix || path.startsWith(prefix + '/')))
      best = Math.max(best, prefix.length);
  }
  return best;
}

/**
 * The chain of entries from the top level down to the entry that best matches the path (the longest
 * matching href or prefix), or [] for paths outside the map.
 */
export function activeTrail(path: string, entries: readonly MenuEntry[] = SITE_MAP): MenuEntry[] {
  const p = normalisePath(path);
  let best: { trail: MenuEntry[]; length: number } = { trail: [], length: -1 };
  const walk = (list: readonly MenuEntry[], parents: MenuEntry[]) => {
    for (const entry of list) {
      const trail = [...parents, entry];
      const length = matchLength(entry, p);
      // A deeper entry wins a tie: a section and its first page may share a path.
      if (
        length > best.length ||
        (length >= 0 && length === best.length && trail.length > best.trail.length)
      )
        best = { trail, length };
      if (entry.children) walk(entry.children, trail);
    }
  };
  walk(entries, []);
  return best.trail;
}

/** The entry the path belongs to, if any. */
export const activeEntry = (path: string): MenuEntry | undefined => activeTrail(path).at(-1);

/** Ids of the active entry and its parents: menus open these and mark them. */
export const activeIds = (path: string): Set<string> => new Set(activeTrail(path).map((x) => x.id));

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * Breadcrumbs for a path: Home, then the parents of the active entry, then the entry itself (no
 * link: it is the current page). Labels are i18n keys.
 */
export function breadcrumbs(path: string): Crumb[] {
  const trail = activeTrail(path);
  const home = SITE_MAP[0]!;
  const chain = trail[0]?.id === home.id ? trail : [home, ...trail];
  return chain.map((x, i) =>
    i === chain.length - 1 && trail.length
      ? { label: x.label }
      : { label: x.label, href: x.href ?? firstHref(x) },
  );
}

/** Where a section without a page of its own leads: its first child with a page. */
export function firstHref(entry: MenuEntry): string | undefined {
  if (entry.href) return entry.href;
  for (const child of entry.children ?? []) {
    const href = firstHref(child);
    if (href) return href;
  }
  return undefined;
}

export function findEntry(
  id: string,
  entries: readonly MenuEntry[] = SITE_MAP,
): MenuEntry | undefined {
  for (const entry of entries) {
    if (entry.id === id) return entry;
    const inner = entry.children && findEntry(id, entry.children);
    if (inner) return inner;
  }
  return undefined;
}

export interface HubCard {
  id: string;
  label: string;
  desc: string;
  href: string;
  badge?: Badge;
}

/**
 * Cards of a hub page: the children of the entry the user may see (all of them, whichever menu
 * shows them), or the top-level sections for the home hub.
 */
export function hubCards(id: string, user: MenuUser): HubCard[] {
  const list =
    id === 'home' ? SITE_MAP.filter((x) => x.id !== 'home') : (findEntry(id)?.children ?? []);
  return list
    .filter((x) => allowed(x, user))
    .flatMap((x) => {
      const href = firstHref(x);
      return href
        ? [{ id: x.id, label: x.label, desc: x.desc, href, ...(x.badge ? { badge: x.badge } : {}) }]
        : [];
    });
}

/** Whether the user may open the page at this path (a page under a hidden entry answers 404). */
export function mayOpen(path: string, user: MenuUser): boolean {
  return activeTrail(path).every((x) => allowed(x, user));
}

/** Every i18n key the map uses (the dictionaries must hold them all). */
export function menuKeys(entries: readonly MenuEntry[] = SITE_MAP): string[] {
  return entries.flatMap((x) => [x.label, x.desc, ...menuKeys(x.children ?? [])]);
}

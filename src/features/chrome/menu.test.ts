import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lookup, type Messages } from '#lib/i18n/translate.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import { mayAccess, requirementsOf } from './guard.ts';
import {
  activeEntry,
  activeIds,
  breadcrumbs,
  hubCards,
  mayOpen,
  menuFor,
  menuKeys,
  normalisePath,
  type MenuEntry,
  type MenuUser,
} from './menu.ts';

const customer: MenuUser = { is_admin: 0, is_employee: 0, module_scada: 0 };
const scada: MenuUser = { ...customer, module_scada: 1 };
const employee: MenuUser = { ...customer, is_employee: 1 };

const ids = (list: MenuEntry[]): string[] => list.map((x) => x.id);
const child = (list: MenuEntry[], ...path: string[]): MenuEntry | undefined =>
  path.reduce<MenuEntry | undefined>(
    (node, id, i) =>
      i === 0 ? list.find((x) => x.id === id) : node?.children?.find((x) => x.id === id),
    undefined,
  );

describe('header menu', () => {
  it('has the spec sections in order with their sub-items', () => {
    const menu = menuFor('header', customer);
    expect(ids(menu)).toEqual(['home', 'orders', 'design', 'tools', 'personal', 'support']);
    expect(ids(child(menu, 'orders')!.children!)).toEqual(['ordersList', 'ordersArchive']);
    expect(ids(child(menu, 'design')!.children!)).toEqual(['calculations', 'newCalculation']);
    expect(ids(child(menu, 'personal')!.children!)).toEqual([
      'profile',
      'organisations',
      'objects',
    ]);
    expect(ids(child(menu, 'support')!.children!)).toEqual(['appeals']);
  });
  it('shows Tools as a plain link and keeps New calculation a single item', () => {
    const menu = menuFor('header', scada);
    expect(child(menu, 'tools')!.children).toBeUndefined();
    expect(child(menu, 'design', 'newCalculation')!.children).toBeUndefined();
  });
});

describe('side menu', () => {
  it('adds Notifications, Promotions and Productions', () => {
    expect(ids(menuFor('aside', customer))).toEqual([
      'home',
      'notifications',
      'promotions',
      'orders',
      'design',
      'productions',
      'tools',
      'personal',
      'support',
    ]);
  });
  it('shows Dispatching only with the scada module', () => {
    expect(ids(child(menuFor('aside', customer), 'tools')!.children!)).toEqual([
      'scanner',
      'water',
    ]);
    expect(ids(child(menuFor('aside', scada), 'tools')!.children!)).toEqual([
      'scanner',
      'scada',
      'water',
    ]);
  });
  it('marks the scanner beta', () => {
    expect(child(menuFor('aside', customer), 'tools', 'scanner')!.badge).toBe('beta');
  });
  it('shows the heating-substation calculation, starred, to employees only', () => {
    const forCustomer = ids(
      child(menuFor('aside', customer), 'design', 'newCalculation')!.children!,
    );
    expect(forCustomer).toEqual([
      'calcTo',
      'calcPump',
      'calcStation',
      'calcFlowMeter',
      'calcControl',
    ]);
    const btp = child(menuFor('aside', employee), 'design', 'newCalculation', 'calcBtp');
    expect(btp?.href).toBe('/e-commerce/design/new-calculation/btp');
    expect(btp?.badge).toBe('star');
  });
  it('leaves sub-pages that are not menu items out', () => {
    expect(
      child(menuFor('aside', customer), 'design', 'newCalculation', 'calcTo')!.children,
    ).toBeUndefined();
    expect(child(menuFor('aside', customer), 'personal', 'profile')!.children).toBeUndefined();
  });
});

describe('active entry', () => {
  it('matches exact paths, trailing slashes and query strings', () => {
    expect(activeEntry('/home')?.id).toBe('home');
    expect(activeEntry('/tools/')?.id).toBe('tools');
    expect(activeEntry('/e-commerce/orders?page=2')?.id).toBe('ordersList');
    expect(normalisePath('/')).toBe('/');
  });
  it('keeps sibling paths apart', () => {
    expect(activeEntry('/e-commerce/orders-archive')?.id).toBe('ordersArchive');
  });
  it('maps detail pages to their list', () => {
    expect(activeEntry('/e-commerce/orders/17/order')?.id).toBe('ordersList');
    expect(activeEntry('/tools/scada/3')?.id).toBe('scada');
    expect(activeEntry('/promotions/9')?.id).toBe('promotions');
    expect(activeEntry('/e-commerce/design/new-calculation/btp/4/project')?.id).toBe('calcBtp');
  });
  it('maps the profile tabs to Profile and its hidden children', () => {
    expect(activeEntry('/user-info/profile')?.id).toBe('profile');
    expect(activeEntry('/user-info/profile/personal-information')?.id).toBe('profile');
    expect(activeEntry('/user-info/profile/change-password')?.id).toBe('changePassword');
  });
  it('knows nothing of paths outside the map', () => {
    expect(activeEntry('/nowhere')).toBeUndefined();
    expect(activeEntry('/toolsmith')).toBeUndefined();
  });
  it('lists the active entry and its parents', () => {
    expect([...activeIds('/e-commerce/design/new-calculation/pump')]).toEqual([
      'design',
      'newCalculation',
      'calcPump',
    ]);
  });
});

describe('breadcrumbs', () => {
  it('runs from Home through the sections to the current page (not a link)', () => {
    expect(breadcrumbs('/e-commerce/design/new-calculation/to/to2')).toEqual([
      { label: 'nav.home', href: '/home' },
      { label: 'nav.design', href: '/e-commerce/design' },
      { label: 'nav.newCalculation', href: '/e-commerce/design/new-calculation' },
      { label: 'nav.calcTo', href: '/e-commerce/design/new-calculation/to' },
      { label: 'nav.calcTo2' },
    ]);
  });
  it('links a section without a page to its first page', () => {
    expect(breadcrumbs('/e-commerce/orders-archive')).toEqual([
      { label: 'nav.home', href: '/home' },
      { label: 'nav.orders', href: '/e-commerce/orders' },
      { label: 'nav.ordersArchive' },
    ]);
  });
  it('is just Home on the home page and on unknown paths', () => {
    expect(breadcrumbs('/home')).toEqual([{ label: 'nav.home' }]);
    expect(breadcrumbs('/nowhere')).toEqual([{ label: 'nav.home', href: '/home' }]);
  });
});

describe('hubs and access', () => {
  it('offers the sub-sections the user may open', () => {
    expect(hubCards('tools', customer).map((c) => c.href)).toEqual([
      '/tools/scanner',
      '/tools/water',
    ]);
    expect(hubCards('tools', scada).map((c) => c.href)).toEqual([
      '/tools/scanner',
      '/tools/scada',
      '/tools/water',
    ]);
    expect(hubCards('newCalculation', employee).map((c) => c.id)).toContain('calcBtp');
    expect(hubCards('newCalculation', customer).map((c) => c.id)).not.toContain('calcBtp');
    expect(hubCards('calcTo', customer).map((c) => c.id)).toEqual([
      'calcTo1',
      'calcTo2',
      'calcTo3',
    ]);
  });
  it('lists every top-level section on the home hub, with a page to go to', () => {
    const cards = hubCards('home', customer);
    expect(cards.map((c) => c.id)).toEqual([
      'notifications',
      'promotions',
      'orders',
      'design',
      'productions',
      'tools',
      'personal',
      'support',
    ]);
    expect(cards.find((c) => c.id === 'personal')?.href).toBe(
      '/user-info/profile/personal-information',
    );
  });
  it('closes pages under entries the user may not see', () => {
    expect(mayOpen('/tools/scada', customer)).toBe(false);
    expect(mayOpen('/tools/scada/1', scada)).toBe(true);
    expect(mayOpen('/e-commerce/design/new-calculation/btp/free', customer)).toBe(false);
    expect(mayOpen('/e-commerce/design/new-calculation/btp/free', employee)).toBe(true);
    expect(mayOpen('/tools', customer)).toBe(true);
  });
});

describe('dictionaries', () => {
  it.each(LOCALES)('%s holds every label and description of the map', (locale) => {
    const dict = JSON.parse(
      readFileSync(new URL(`../../../i18n/${locale}.json`, import.meta.url), 'utf8'),
    ) as Messages;
    expect(menuKeys().filter((k) => !lookup(dict, k))).toEqual([]);
  });
});

describe('requirementsOf / mayAccess (the middleware guard)', () => {
  const none: MenuUser = { is_admin: 0, is_employee: 0, module_scada: 0 };
  it('collects the requirement of a page, every page under it, its API prefixes and the extra guards', () => {
    expect(requirementsOf('/tools/scada')).toEqual(['scada']);
    expect(requirementsOf('/tools/scada/7/anything/')).toEqual(['scada']);
    expect(requirementsOf('/api/v1/scada/objects')).toEqual(['scada']);
    expect(requirementsOf('/e-commerce/design/new-calculation/btp/free')).toEqual(['employee']);
    expect(requirementsOf('/support/desk')).toEqual(['employee']);
    expect(requirementsOf('/api/v1/support/desk')).toEqual(['employee']);
    expect(requirementsOf('/tools/scadax')).toEqual([]);
    expect(requirementsOf('/api/v1/support')).toEqual([]);
    expect(requirementsOf('/home')).toEqual([]);
  });
  it('lets through exactly the users holding every requirement', () => {
    expect(mayAccess('/tools/scada/1', none)).toBe(false);
    expect(mayAccess('/tools/scada/1', { ...none, module_scada: 1 })).toBe(true);
    expect(mayAccess('/api/v1/support/desk', { ...none, is_admin: 1 })).toBe(false);
    expect(mayAccess('/api/v1/support/desk', { ...none, is_employee: 1 })).toBe(true);
    expect(mayAccess('/notifications', none)).toBe(true);
  });
});

// The user's layout settings (the spec's builder keys), stored as JSON in users.layout and read by
// the Default layout on every render, so the page comes out right without a client-side flash.
// Pure module: shared by the settings form, the API and the layout.
import * as v from 'valibot';

export const WIDTHS = ['fixed', 'fluid'] as const;
export const FOOTER_LAYOUTS = ['extended', 'compact'] as const;
export type Width = (typeof WIDTHS)[number];

export interface Layout {
  /** Header stays at the top while scrolling (desktop widths, 992 px and up). */
  'header.self.fixed.desktop': boolean;
  'header.self.width': Width;
  /** Arrows next to top menu items that open a submenu. */
  'header.menu.self.root-arrow': boolean;
  'subheader.display': boolean;
  'subheader.width': Width;
  'content.width': Width;
  /** Side menu shown next to the content on desktop widths (it is always reachable by the menu button). */
  'aside.self.display': boolean;
  /** Side menu submenus open as flyouts beside the menu instead of expanding in place. */
  'aside.menu.dropdown': boolean;
  'footer.layout': (typeof FOOTER_LAYOUTS)[number];
  'footer.width': Width;
}

export const DEFAULT_LAYOUT: Readonly<Layout> = Object.freeze({
  'header.self.fixed.desktop': true,
  'header.self.width': 'fluid',
  'header.menu.self.root-arrow': true,
  'subheader.display': true,
  'subheader.width': 'fixed',
  'content.width': 'fixed',
  'aside.self.display': true,
  'aside.menu.dropdown': false,
  'footer.layout': 'compact',
  'footer.width': 'fixed',
});

export const BOOLEAN_KEYS = [
  'header.self.fixed.desktop',
  'header.menu.self.root-arrow',
  'subheader.display',
  'aside.self.display',
  'aside.menu.dropdown',
] as const;
export const LAYOUT_KEYS = Object.keys(DEFAULT_LAYOUT) as Array<keyof Layout>;

const valueSchemas = {
  'header.self.fixed.desktop': v.boolean(),
  'header.self.width': v.picklist(WIDTHS),
  'header.menu.self.root-arrow': v.boolean(),
  'subheader.display': v.boolean(),
  'subheader.width': v.picklist(WIDTHS),
  'content.width': v.picklist(WIDTHS),
  'aside.self.display': v.boolean(),
  'aside.menu.dropdown': v.boolean(),
  'footer.layout': v.picklist(FOOTER_LAYOUTS),
  'footer.width': v.picklist(WIDTHS),
} satisfies Record<keyof Layout, v.GenericSchema>;

const D = DEFAULT_LAYOUT;

/** Strict input (API, saveLayout): a missing key takes its default, a wrong value is an error, unknown keys are dropped. */
export const LayoutSchema = v.object({
  'header.self.fixed.desktop': v.optional(
    valueSchemas['header.self.fixed.desktop'],
    D['header.self.fixed.desktop'],
  ),
  'header.self.width': v.optional(valueSchemas['header.self.width'], D['header.self.width']),
  'header.menu.self.root-arrow': v.optional(
    valueSchemas['header.menu.self.root-arrow'],
    D['header.menu.self.root-arrow'],
  ),
  'subheader.display': v.optional(valueSchemas['subheader.display'], D['subheader.display']),
  'subheader.width': v.optional(valueSchemas['subheader.width'], D['subheader.width']),
  'content.width': v.optional(valueSchemas['content.width'], D['content.width']),
  'aside.self.display': v.optional(valueSchemas['aside.self.display'], D['aside.self.display']),
  'aside.menu.dropdown': v.optional(valueSchemas['aside.menu.dropdown'], D['aside.menu.dropdown']),
  'footer.layout': v.optional(valueSchemas['footer.layout'], D['footer.layout']),
  'footer.width': v.optional(valueSchemas['footer.width'], D['footer.width']),
});

/** Lenient reading of what is stored: anything unreadable falls back to the default, key by key. */
export function parseStoredLayout(stored: string | null | undefined): Layout {
  let data: unknown = null;
  try {
    data = stored ? JSON.parse(stored) : null;
  } catch {
    data = null;
  }
  const source =
    data && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const out = { ...DEFAULT_LAYOUT } as Record<keyof Layout, unknown>;
  for (const key of LAYOUT_KEYS) {
    const r = v.safeParse(valueSchemas[key], source[key]);
    if (r.success) out[key] = r.output;
  }
  return out as Layout;
}

const TRUE_WORDS = ['1', 'true', 'on'];

/**
 * Settings from a submitted HTML form: a checkbox that is not ticked is not sent, so a missing
 * boolean means false here (unlike JSON input, where it means "default").
 */
export function layoutFromForm(values: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const key of LAYOUT_KEYS) {
    const raw = values[key];
    if ((BOOLEAN_KEYS as readonly string[]).includes(key))
      input[key] = typeof raw === 'string' && TRUE_WORDS.includes(raw.trim().toLowerCase());
    else if (typeof raw === 'string' && raw !== '') input[key] = raw;
  }
  return v.safeParse(LayoutSchema, input);
}

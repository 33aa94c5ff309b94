// Reading an import file: JSON (an array of items, or { items: [...] }) or CSV (a header row; `,`
// or `;` separated, RFC 4180 quoting). CSV cells of structured fields (curve, motor, documents,
// specs) hold JSON; `motor.p2_kw`-style columns build nested objects; numeric and boolean fields are
// converted, empty cells left out. Pure: the item checks happen in importItems.

export type ParsedFile =
  { ok: true; items: unknown[] } | { ok: false; error: 'json' | 'csv' | 'empty' | 'shape' };

const NUMERIC = new Set([
  'price_kop',
  'lead_days',
  'speed_rpm',
  'q_min_m3h',
  'q_max_m3h',
  'trim_min_ratio',
  'dn',
  'pn_bar',
  't_max_c',
  'p2_kw',
  'in_a',
  'ia_in',
  'cos_phi',
  'eta',
  'voltage_v',
]);
const BOOLEAN = new Set(['demo']);
const JSON_FIELDS = new Set(['curve', 'motor', 'documents', 'specs']);

export function parseCatalogueFile(text: string, filename: string): ParsedFile {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trim()) return { ok: false, error: 'empty' };
  if (/\.json$/i.test(filename) || /^\s*[[{]/.test(body)) {
    try {
      const data: unknown = JSON.parse(body);
      if (Array.isArray(data)) return { ok: true, items: data };
      if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items))
        return { ok: true, items: (data as { items: unknown[] }).items };
      return { ok: false, error: 'shape' };
    } catch {
      return { ok: false, error: 'json' };
    }
  }
  const rows = parseCsv(body);
  if (!rows || rows.length < 2) return { ok: false, error: 'csv' };
  const [header, ...data] = rows as [string[], ...string[][]];
  const names = header.map((h) => h.trim());
  return {
    ok: true,
    items: data.filter((r) => r.some((c) => c.trim())).map((r) => itemFromRow(names, r)),
  };
}

function itemFromRow(names: string[], row: string[]): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  names.forEach((name, i) => {
    const raw = (row[i] ?? '').trim();
    if (!name || raw === '') return;
    const path = name.split('.');
    const leaf = path[path.length - 1]!;
    let value: unknown = raw;
    if (JSON_FIELDS.has(name)) {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw; // left as text: the item check reports the field
      }
    } else if (NUMERIC.has(leaf))
      value = /^-?\d+([.,]\d+)?([eE][-+]?\d+)?$/.test(raw) ? Number(raw.replace(',', '.')) : raw;
    else if (BOOLEAN.has(leaf))
      value = ['1', 'true', 'yes'].includes(raw.toLowerCase())
        ? true
        : ['0', 'false', 'no'].includes(raw.toLowerCase())
          ? false
          : raw;
    let node = item;
    for (const p of path.slice(0, -1))
      node = (node[p] && typeof node[p] === 'object' ? node[p] : (node[p] = {})) as Record<
        string,
        unknown
      >;
    node[leaf] = value;
  });
  return item;
}

/** RFC 4180 rows; the separator is `;` when the header has more of them than commas. */
export function parseCsv(text: string): string[][] | null {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const sep =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) return null;
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// Reads the product's CHANGELOG.md into the home dashboard's version and change log. Sections are
// "## <version> — <YYYY-MM-DD>" followed by "- " entries; an entry "Title: text" splits at the
// first colon. Pure.

export interface ChangeLogEntry {
  id: number;
  /** The version's date as DD.MM.YYYY. */
  dateClear: string;
  /** Timeline colour: the newest version's entries are success, older ones primary; fixes warning. */
  typeColor: 'success' | 'primary' | 'warning' | 'danger';
  title: string;
  text: string;
  version: string;
}

export interface ChangeLog {
  version: { numb: string; date: string } | null;
  changeLog: ChangeLogEntry[];
}

const HEADING =
  /^##\s+v?(\d+\.\d+\.\d+\S*)\s*(?:[-\u2013\u2014]+|\()\s*(\d{4})-(\d{2})-(\d{2})\)?\s*$/;

function colour(text: string, newest: boolean): ChangeLogEntry['typeColor'] {
  if (/^security\b/i.test(text)) return 'danger';
  if (/^fix(es|ed)?\b/i.test(text)) return 'warning';
  return newest ? 'success' : 'primary';
}

export function parseChangelog(markdown: string, limit = 20): ChangeLog {
  const entries: ChangeLogEntry[] = [];
  let version: ChangeLog['version'] = null;
  let current: { numb: string; date: string } | null = null;
  let last: ChangeLogEntry | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const h = HEADING.exec(line.trim());
    if (h) {
      current = { numb: h[1]!, date: `${h[4]}.${h[3]}.${h[2]}` };
      version ??= current;
      last = null;
      continue;
    }
    if (!current) continue;
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (item) {
      const raw = item[1]!.trim();
      const colon = raw.indexOf(': ');
      const [title, text] =
        colon > 0 && colon <= 60
          ? [raw.slice(0, colon), raw.slice(colon + 2)]
          : [current.numb, raw];
      last = {
        id: entries.length + 1,
        dateClear: current.date,
        typeColor: colour(raw, current === version),
        title,
        text,
        version: current.numb,
      };
      entries.push(last);
    } else if (last && /^\s{2,}\S/.test(line)) last.text += ` ${line.trim()}`;
  }
  return { version, changeLog: entries.slice(0, limit) };
}

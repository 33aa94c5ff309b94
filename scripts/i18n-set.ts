// Merges translations into all dictionaries at once and keeps keys sorted:
//   node scripts/i18n-set.ts patch.json
// where patch.json is { "ru": { "auth.fast.title": "...", ... }, "en": { ... }, ... } with dotted
// keys. Every language must get the same keys. `--delete key.prefix` removes keys everywhere.
import { readFileSync, writeFileSync } from 'node:fs';

const LANGS = ['ru', 'en', 'de', 'es', 'fr', 'ja', 'zh'];
type Tree = { [k: string]: string | Tree };
const dir = new URL('../i18n/', import.meta.url);

function setDeep(tree: Tree, key: string, value: string) {
  const parts = key.split('.');
  let node = tree;
  for (const p of parts.slice(0, -1)) {
    if (typeof node[p] !== 'object') node[p] = {};
    node = node[p] as Tree;
  }
  node[parts.at(-1)!] = value;
}
function deleteDeep(tree: Tree, key: string) {
  const parts = key.split('.');
  let node: Tree | undefined = tree;
  for (const p of parts.slice(0, -1))
    node = typeof node?.[p] === 'object' ? (node[p] as Tree) : undefined;
  if (node) delete node[parts.at(-1)!];
}
function sorted(tree: Tree): Tree {
  return Object.fromEntries(
    Object.keys(tree)
      .sort()
      .map((k) => [k, typeof tree[k] === 'object' ? sorted(tree[k] as Tree) : tree[k]!]),
  );
}

const [flag, arg] = process.argv.slice(2);
if (!flag) throw new Error('usage: node scripts/i18n-set.ts patch.json | --delete key');
const patch: Record<string, Record<string, string>> = flag === '--delete'
  ? {}
  : JSON.parse(readFileSync(flag, 'utf8'));
if (flag !== '--delete') {
  const keys = Object.keys(patch.ru ?? {})
    .sort()
    .join('\n');
  for (const l of LANGS) {
    if (
      Object.keys(patch[l] ?? {})
        .sort()
        .join('\n') !== keys
    )
      throw new Error(`patch: ${l} must have exactly the keys of ru`);
  }
}
for (const l of LANGS) {
  const file = new URL(`${l}.json`, dir);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  if (flag === '--delete') deleteDeep(tree, arg!);
  else for (const [k, val] of Object.entries(patch[l]!)) setDeep(tree, k, val);
  writeFileSync(file, JSON.stringify(sorted(tree), null, 2) + '\n');
}
console.log(
  flag === '--delete'
    ? `deleted ${arg}`
    : `set ${Object.keys(patch.ru!).length} keys in ${LANGS.length} languages`,
);

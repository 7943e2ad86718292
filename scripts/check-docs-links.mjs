#!/usr/bin/env node
// Checks the links of the generated API reference (docs/api, `pnpm run docs`):
// - a link to a page of the reference names a file that exists, and its #anchor
//   an id (or name) on that page;
// - a "Defined in" link (https://github.com/victor-tools/victor-tools/blob/main/PATH#LN)
//   names a file of this repository (not a dependency's, under node_modules) that
//   has line N;
// - no word became a link by accident (markdown's linkify turns `BENCHMARKS.md`
//   into http://BENCHMARKS.md: a link whose text is its own address without a scheme).
// Other web addresses are not fetched (CI has no network). Prints every broken link
// with its page and exits 1 if there is one.
//
// Usage: node scripts/check-docs-links.mjs [docs/api]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const OUT = resolve(ROOT, process.argv[2] ?? 'docs/api');
const SOURCE_LINK = /^https:\/\/github\.com\/victor-tools\/victor-tools\/blob\/main\/([^#?]+)(?:#L(\d+))?$/;

if (!existsSync(OUT)) {
  console.error(`${relative(ROOT, OUT)} does not exist: run \`pnpm run docs\` (or \`pnpm exec typedoc\`) first.`);
  process.exit(1);
}

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return entry.endsWith('.html') ? [path] : [];
  });
}

const pages = new Map(); // path -> html
for (const file of htmlFiles(OUT)) pages.set(file, readFileSync(file, 'utf8'));

const anchorsOf = new Map();
function anchors(file) {
  let ids = anchorsOf.get(file);
  if (ids === undefined) {
    ids = new Set([...(pages.get(file) ?? '').matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => decodeEntities(match[1])));
    anchorsOf.set(file, ids);
  }
  return ids;
}

const lineCounts = new Map();
function lineCount(file) {
  if (!lineCounts.has(file)) lineCounts.set(file, readFileSync(file, 'utf8').split('\n').length);
  return lineCounts.get(file);
}

function decodeEntities(text) {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/** Why a link is broken, or undefined. */
function problem(page, href, text) {
  if (href.startsWith('mailto:') || href.startsWith('javascript:')) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
    const source = SOURCE_LINK.exec(href);
    if (source) {
      const path = decodeURIComponent(source[1]);
      if (path.split('/').includes('node_modules')) return `a source link into node_modules (${path}), which the repository does not hold`;
      const file = join(ROOT, path);
      if (!existsSync(file) || !statSync(file).isFile()) return `a source link to ${path}, which is not a file of the repository`;
      if (source[2] !== undefined && Number(source[2]) > lineCount(file)) return `a source link to line ${source[2]} of ${path}, which has ${lineCount(file)} lines`;
      return undefined;
    }
    const url = new URL(href);
    const bare = text.trim();
    if (bare !== '' && (url.host === bare.toLowerCase() || href === `http://${bare}` || href === `https://${bare}`)) {
      return `the word '${bare}' became a link to ${href} (write it as code, or link the file)`;
    }
    return undefined;
  }
  const [pathPart, anchor] = href.split('#', 2);
  const target = pathPart === '' ? page : resolve(dirname(page), decodeURIComponent(pathPart));
  if (!existsSync(target)) return `a link to ${relative(OUT, target)}, which is not in the reference`;
  if (anchor !== undefined && anchor !== '' && target.endsWith('.html') && !anchors(target).has(decodeURIComponent(anchor))) {
    return `a link to #${anchor} on ${relative(OUT, target)}, which has no such anchor`;
  }
  return undefined;
}

const broken = [];
let checked = 0;
for (const [page, html] of pages) {
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)) {
    const href = decodeEntities(match[1]);
    const text = decodeEntities(match[2].replace(/<[^>]*>/g, ''));
    checked++;
    const why = problem(page, href, text);
    if (why !== undefined) broken.push(`${relative(ROOT, page)}: ${why}`);
  }
}

if (broken.length > 0) {
  const shown = broken.slice(0, 50);
  console.error(`${broken.length} broken link(s) of ${checked} in ${relative(ROOT, OUT)}:\n  ${shown.join('\n  ')}${broken.length > shown.length ? `\n  ... and ${broken.length - shown.length} more` : ''}`);
  process.exit(1);
}
console.log(`${checked} links in ${pages.size} pages of ${relative(ROOT, OUT)}: none broken.`);

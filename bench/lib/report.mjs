// Collects the rows of every case, prints them as a table and renders
// BENCHMARKS.md. A case that throws becomes an "error" row, so one broken
// path never hides the figures of the others.
import { formatNs, formatRatio, firstLineOf } from './format.mjs';

export const CASE_TITLES = {
  1: 'registry.execute() vs compiled ajv + direct call',
  2: 'Peers: LangChain.js and the Vercel AI SDK, same tool, same baseline',
  3: 'search and selectTools vs a naive scan',
  4: 'Container scan and getToolSchemas() over 1,000 tools',
  5: 'Memory per registered tool at 10,000 tools',
  6: 'Install size, bundle size and load time',
  7: 'Hostile arguments: bounded work and error size; validator memory',
  8: 'MCP calls per second: stdio vs Streamable HTTP (1 and 3 servers)',
  9: 'Tool calls through a BullMQ queue (@victor-tools/queue) on a local redis-server',
  10: 'Hostile calls: path checks, hung calls and loop memory',
  11: 'MCP gateway: a call through victor-tools gateway vs a byte pipe; mounting 500 tools; tokens of tools/list',
};

export class Report {
  constructor() {
    this.rows = [];
  }

  /** A measured row: `median` in ns (or a preformatted `value`), `ratio` to the case's baseline, `met` for a goal. */
  row({ case: caseId, name, median, value, ratio, goal = '', met, note = '' }) {
    const status = met === undefined ? '' : met ? 'met' : 'missed';
    const shown = value ?? formatNs(median);
    this.rows.push({ case: caseId, name, value: shown, ratio: ratio === undefined ? '' : formatRatio(ratio), goal, status, note });
    console.log(`  [case ${caseId}] ${name}: ${shown}${ratio === undefined ? '' : ` (${formatRatio(ratio)})`}${status ? ` goal ${goal}: ${status}` : ''}${note ? ` (${note})` : ''}`);
  }

  /** A case that cannot run against this build, with what is missing. */
  skip({ case: caseId, name, missing, goal = '' }) {
    const note = `not available in this build: ${missing.join(', ')}`;
    this.rows.push({ case: caseId, name, value: '-', ratio: '', goal, status: 'skipped', note });
    console.log(`  [case ${caseId}] ${name}: skipped, ${note}`);
  }

  /** Runs `body`; an exception becomes an error row naming the case, not a crash of the suite. */
  async guard({ case: caseId, name, goal = '' }, body) {
    try {
      await body();
    } catch (error) {
      const note = `error: ${firstLineOf(error)}`;
      this.rows.push({ case: caseId, name, value: '-', ratio: '', goal, status: 'error', note });
      console.log(`  [case ${caseId}] ${name}: ${note}`);
    }
  }

  /** Plain-text table for the terminal. */
  toText() {
    const header = ['case', 'benchmark', 'median', 'vs baseline', 'goal', 'result'];
    const body = this.rows.map((r) => [r.case, r.name, r.value, r.ratio, r.goal, r.status]);
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => String(row[i]).length)));
    const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
    const notes = this.rows.filter((r) => r.note).map((r) => `  case ${r.case}, ${r.name}: ${r.note}`);
    return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line), ...(notes.length ? ['', 'notes:', ...notes] : [])].join('\n');
  }

  /** Markdown: one table per case. */
  toMarkdown() {
    const out = [];
    for (const caseId of Object.keys(CASE_TITLES)) {
      const rows = this.rows.filter((r) => r.case === caseId);
      if (!rows.length) continue;
      out.push(`### Case ${caseId}: ${CASE_TITLES[caseId]}`, '');
      out.push('| benchmark | median | vs baseline | goal | result | note |', '|---|---:|---:|---|---|---|');
      for (const r of rows) out.push(`| ${[r.name, r.value, r.ratio, r.goal, r.status, r.note].map(escapeCell).join(' | ')} |`);
      out.push('');
    }
    return out.join('\n');
  }
}

const escapeCell = (text) => String(text).replace(/\|/g, '\\|');

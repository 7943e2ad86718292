import Table from 'cli-table3';
import stringWidth from 'string-width';
import type { Styles } from '../style';

/** Options of `renderTable`. */
export interface TableOptions {
  /** The width to fit in, in columns; undefined keeps every column at its natural width. */
  width?: number;
  /** Styles the header row (bold) when colour is on. */
  styles?: Styles;
}

// One space of padding on each side of a cell, as cli-table3 draws them.
const PADDING = 2;
// No column is squeezed below this many columns of text.
const MIN_TEXT = 4;

/**
 * Column widths that fit `width`: the widest column gives up a column at a
 * time until the table fits or every column is at its minimum (a header
 * wider than the minimum keeps its width, so headers stay readable).
 */
function fitWidths(natural: number[], minimum: number[], width: number): number[] {
  const widths = [...natural];
  let excess = widths.reduce((n, w) => n + w, 0) + widths.length + 1 - width;
  while (excess > 0) {
    let widest = -1;
    for (let c = 0; c < widths.length; c++) if (widths[c]! > minimum[c]! && (widest < 0 || widths[c]! > widths[widest]!)) widest = c;
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  return widths;
}

/**
 * A text table: one header row, cells as given. With a width, cells wrap
 * (at word boundaries where they can) so the table fits a terminal.
 */
export function renderTable(head: string[], rows: Array<Array<string | number>>, options: TableOptions = {}): string {
  const cells = rows.map((row) => row.map(String));
  const style = { head: [], border: [], compact: true };
  const header = options.styles ? head.map((h) => options.styles!.bold(h)) : head;
  if (options.width === undefined) {
    const table = new Table({ head: header, style });
    table.push(...cells);
    return table.toString();
  }
  const natural = head.map((h, c) => Math.max(stringWidth(h), ...cells.map((row) => stringWidth(row[c] ?? ''))) + PADDING);
  const minimum = head.map((h) => Math.max(stringWidth(h), MIN_TEXT) + PADDING);
  const colWidths = fitWidths(natural, minimum, options.width);
  const table = new Table({ head: header, style, colWidths, wordWrap: true, wrapOnWordBoundary: true });
  table.push(...cells);
  return table.toString();
}

import Table from 'cli-table3';

/**
 * A plain text table: no colours (output is often piped or read by tests),
 * one header row, cells as given.
 */
export function renderTable(head: string[], rows: Array<Array<string | number>>): string {
  const table = new Table({ head, style: { head: [], border: [], compact: true } });
  table.push(...rows.map((row) => row.map(String)));
  return table.toString();
}

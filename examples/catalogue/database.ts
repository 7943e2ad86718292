import { catalogueTool } from './catalogue-tool';

const connection = { type: 'string', description: 'Connection name from the project settings', default: 'default' } as const;

/** SQL databases. */
export const databaseTools = [
  catalogueTool({
    name: 'sql_query',
    description: 'Run a read-only SQL SELECT query against the project database and return the rows.',
    params: {
      sql: { type: 'string', required: true, description: 'A SELECT statement' },
      connection,
      max_rows: { type: 'integer', default: 100, description: 'Row limit' },
    },
    metadata: {
      category: 'database',
      keywords: ['sql', 'select', 'query', 'database', 'rows', 'table', 'records', 'count'],
      useCases: ['Inspect data in a table', 'Count records matching a condition'],
      accessMode: 'readonly',
      stages: ['exploration', 'debugging'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'sql_execute',
    description: 'Execute SQL statements that change data or structure: INSERT, UPDATE, DELETE, CREATE, ALTER.',
    params: { sql: { type: 'string', required: true, description: 'Statements to execute' }, connection },
    metadata: {
      category: 'database',
      keywords: ['sql', 'insert', 'update', 'delete', 'alter', 'database', 'row', 'table', 'modify data'],
      useCases: ['Insert test data', 'Fix a wrong value in a table'],
      accessMode: 'write',
      executionCategory: 'write',
      dangerLevel: 'high',
      stages: ['implementation'],
      taskTypes: ['edit'],
    },
  }),
  catalogueTool({
    name: 'describe_table',
    description: 'Show the structure of a database table: its columns, types, constraints and indexes.',
    params: { table: { type: 'string', required: true, description: 'Table name' }, connection },
    metadata: {
      category: 'database',
      keywords: ['schema', 'columns', 'table', 'structure', 'describe', 'database', 'fields', 'indexes'],
      useCases: ['Check the columns of a table before writing a query'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'run_migrations',
    description: 'Apply the pending database schema migrations, or roll back the last one.',
    params: { direction: { type: 'string', enum: ['up', 'down'], default: 'up', description: 'Apply or roll back' }, connection },
    metadata: {
      category: 'database',
      keywords: ['migrations', 'migrate', 'schema', 'database', 'rollback', 'pending'],
      useCases: ['Update the database after pulling new migrations'],
      accessMode: 'execute',
      executionCategory: 'execute',
      dangerLevel: 'medium',
      stages: ['deployment', 'implementation'],
      taskTypes: ['execution'],
    },
  }),
];

import { catalogueTool } from './catalogue-tool';

/** Commands and processes on the machine. */
export const shellTools = [
  catalogueTool({
    name: 'run_shell_command',
    description: 'Run a command in a bash shell in the workspace and return its standard output, standard error and exit code.',
    params: {
      command: { type: 'string', required: true, description: 'The command line to run' },
      cwd: { type: 'string', description: 'Working directory' },
      timeout_seconds: { type: 'integer', default: 120, description: 'Kill the command after this long' },
    },
    aliases: ['bash', 'shell'],
    metadata: {
      category: 'shell',
      keywords: ['shell', 'bash', 'command', 'terminal', 'execute', 'run', 'script', 'cli'],
      useCases: ['Run a build or deploy script', 'Use a command-line tool that has no dedicated tool'],
      accessMode: 'execute',
      executionCategory: 'execute',
      dangerLevel: 'high',
      stages: ['implementation', 'verification'],
      taskTypes: ['execution'],
    },
  }),
  catalogueTool({
    name: 'list_processes',
    description: 'List the running processes with their PID, CPU and memory usage, like ps or top.',
    params: { filter: { type: 'string', description: 'Only processes whose command contains this' } },
    metadata: {
      category: 'system',
      keywords: ['processes', 'ps', 'top', 'pid', 'cpu', 'memory', 'running'],
      useCases: ['Find what is using the CPU', 'Check whether a server is still running'],
      accessMode: 'readonly',
      stages: ['exploration', 'debugging'],
      taskTypes: ['analysis'],
    },
  }),
  catalogueTool({
    name: 'kill_process',
    description: 'Stop a running process by its PID, with SIGTERM or, if forced, SIGKILL.',
    params: {
      pid: { type: 'integer', required: true, description: 'Process id' },
      force: { type: 'boolean', default: false, description: 'Send SIGKILL' },
    },
    metadata: {
      category: 'system',
      keywords: ['kill', 'terminate', 'stop', 'pid', 'signal', 'hung', 'process'],
      useCases: ['Stop a stuck server', 'End a runaway process'],
      accessMode: 'execute',
      executionCategory: 'execute',
      dangerLevel: 'medium',
      stages: ['debugging'],
      taskTypes: ['execution'],
    },
  }),
  // No metadata: generated.
  catalogueTool({
    name: 'get_environment_variable',
    description: 'Read the value of an environment variable of the agent process, such as PATH or NODE_ENV.',
    params: { name: { type: 'string', required: true, description: 'Variable name' } },
  }),
];

// What the figures were measured on: they mean little without it.
import os from 'node:os';

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() || 'unknown',
    cores: os.availableParallelism ? os.availableParallelism() : cpus.length,
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
  };
}

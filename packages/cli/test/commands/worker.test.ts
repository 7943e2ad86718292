import { runCli } from '../support/run-cli';

// The worker itself (taking calls, SIGTERM) is exercised against a real Redis by
// the queue conformance tests (test/spec/s19-queue.test.ts), which fork the built CLI.
describe('victor-tools worker', () => {
  it('should be a usage error without --redis', async () => {
    const { code, stdout, stderr } = await runCli(['worker']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain("error: required option '-r, --redis <url>' not specified");
  });

  it.each(['http://127.0.0.1:16491', '', 'localhost:6379', '127.0.0.1:6379'])("should refuse --redis '%s', neither a redis:// URL nor a socket path, with exit 2", async (value) => {
    for (const command of [['worker'], ['serve']]) {
      const { code, stderr } = await runCli([...command, '--redis', value]);
      expect(code).toBe(2);
      expect(stderr).toContain(`Expected a redis:// or rediss:// URL or a unix socket path, got '${value}'.`);
    }
  });

  it('should refuse a concurrency that is not a positive integer', async () => {
    const { code, stderr } = await runCli(['worker', '--redis', 'redis://127.0.0.1:1', '--concurrency', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain("Expected a positive integer, got '0'");
  });

  it("should refuse a queue name BullMQ would refuse (with ':'), with exit 2", async () => {
    const { code, stderr } = await runCli(['worker', '--redis', 'redis://127.0.0.1:1', '--queue', 'a:b']);
    expect(code).toBe(2);
    expect(stderr).toContain("Expected a queue name without ':', got 'a:b'.");
  });

  it('should list its options in its help', async () => {
    const { code, stdout } = await runCli(['worker', '--help']);
    expect(code).toBe(0);
    for (const option of [
      '--redis <url>',
      '--queue <name>',
      '--concurrency <n>',
      '--grace <ms>',
      '--lock-duration <ms>',
      '--queue-secret <secret>',
      '--default-timeout <ms>',
      '--max-timeout <ms>',
    ]) {
      expect(stdout).toContain(option);
    }
    expect(stdout).toContain('VICTOR_TOOLS_QUEUE_SECRET');
  });

  it('should refuse a queue secret too short to be one, from the command line or the environment, with exit 2', async () => {
    const flag = await runCli(['worker', '--redis', 'redis://127.0.0.1:1', '--queue-secret', 'short']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('Expected a secret of at least 16 characters, got 5. Make one with `openssl rand -hex 32`.');
    const saved = process.env.VICTOR_TOOLS_QUEUE_SECRET;
    process.env.VICTOR_TOOLS_QUEUE_SECRET = 'also-short';
    try {
      const env = await runCli(['worker', '--redis', 'redis://127.0.0.1:1']);
      expect(env.code).toBe(2);
      expect(env.stderr).toContain('Expected a secret of at least 16 characters, got 10.');
    } finally {
      if (saved === undefined) delete process.env.VICTOR_TOOLS_QUEUE_SECRET;
      else process.env.VICTOR_TOOLS_QUEUE_SECRET = saved;
    }
  });

  it('should refuse a --max-timeout that is not a number of milliseconds, with exit 2', async () => {
    const { code, stderr } = await runCli(['worker', '--redis', 'redis://127.0.0.1:1', '--max-timeout', '-5']);
    expect(code).toBe(2);
    expect(stderr).toContain("Expected a number of milliseconds (0: none), got '-5'.");
  });
});

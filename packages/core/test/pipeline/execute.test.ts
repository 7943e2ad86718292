import { ToolRegistry, ToolResult, type ToolCallContext, type ToolExecutionContext } from '@victor-tools/core';
import { deferred, flush, testTool } from '../registry/helpers';

describe('ToolRegistry', () => {
  describe('execute', () => {
    describe('resolving the name', () => {
      it('should fail with suggestions of close names for an unknown tool', async () => {
        const registry = new ToolRegistry();
        registry.register(testTool({ name: 'read_file', aliases: ['cat'] }));
        registry.register(testTool({ name: 'write_file' }));
        registry.register(testTool({ name: 'git' }));
        const result = await registry.execute('read_fil', {});
        expect(result.success).toBe(false);
        expect(result.error).toBe("Tool 'read_fil' not found");
        expect(result.metadata?.suggestions).toEqual(['read_file']);
      });

      it('should give no suggestions when nothing is close', async () => {
        const registry = new ToolRegistry();
        registry.register(testTool({ name: 'git' }));
        const result = await registry.execute('kubernetes_deploy', {});
        expect(result.error).toBe("Tool 'kubernetes_deploy' not found");
        expect(result.metadata?.suggestions).toEqual([]);
      });

      it('should suggest only tools the caller could call now, not disabled or unavailable ones', async () => {
        const registry = new ToolRegistry();
        registry.register(testTool({ name: 'delete_repo' }), { enabled: false });
        registry.register(testTool({ name: 'deploy_prod', available: () => false }));
        registry.register(testTool({ name: 'deploy_stage', aliases: ['deploy_test'] }));
        expect((await registry.execute('delete_rep', {})).metadata?.suggestions).toEqual([]);
        expect((await registry.execute('deploy_pro', {})).metadata?.suggestions).toEqual([]);
        expect((await registry.execute('deploy_stag', {})).metadata?.suggestions).toEqual(['deploy_stage']);
        expect((await registry.execute('deploy_tes', {})).metadata?.suggestions).toContain('deploy_test');
      });

      it('should fail readably for a name that is not a string', async () => {
        const result = await new ToolRegistry().execute(undefined as never, {});
        expect(result.error).toBe("Tool 'undefined' not found");
      });
    });

    it('should fail for a disabled tool without running it', async () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'git' });
      registry.register(tool, { enabled: false });
      const result = await registry.execute('git', {});
      expect(result.error).toBe("Tool 'git' is disabled");
      expect(tool.calls).toHaveLength(0);
    });

    it('should fail for an unavailable tool without running it', async () => {
      const registry = new ToolRegistry();
      const tool = testTool({ name: 'docker', available: () => false });
      registry.register(tool);
      const result = await registry.execute('docker', {});
      expect(result.error).toBe("Tool 'docker' is not available");
      expect(tool.calls).toHaveLength(0);
    });

    it('should treat a throwing availability check as unavailable', async () => {
      const registry = new ToolRegistry();
      registry.register(
        testTool({
          name: 'docker',
          available: () => {
            throw new Error('boom');
          },
        }),
      );
      expect((await registry.execute('docker', {})).error).toBe("Tool 'docker' is not available");
    });

    describe('normalizing the result', () => {
      it('should pass a ToolResult through as it is', async () => {
        const registry = new ToolRegistry();
        const returned = ToolResult.ok('out', { source: 'tool' });
        registry.register(testTool({ name: 't', run: () => returned }));
        expect(await registry.execute('t', {})).toBe(returned);
      });

      it('should pass a failed ToolResult through as a failure', async () => {
        const registry = new ToolRegistry();
        const returned = ToolResult.fail('disk full', { code: 28 });
        registry.register(testTool({ name: 't', run: () => returned }));
        const result = await registry.execute('t', {});
        expect(result).toBe(returned);
        expect(result.success).toBe(false);
        expect(result.error).toBe('disk full');
      });

      it('should accept a ToolResult from another copy of core', async () => {
        const registry = new ToolRegistry();
        registry.register(testTool({ name: 't', run: () => ({ success: false, output: null, error: 'foreign' }) }));
        const result = await registry.execute('t', {});
        expect(result).toBeInstanceOf(ToolResult);
        expect(result).toMatchObject({ success: false, error: 'foreign' });
      });

      it.each([['a string', 'text'], ['a number', 42], ['an object', { success: true, items: [1] }], ['undefined', undefined]])(
        'should wrap %s in ToolResult.ok',
        async (_what, value) => {
          const registry = new ToolRegistry();
          registry.register(testTool({ name: 't', run: () => value }));
          const result = await registry.execute('t', {});
          expect(result).toBeInstanceOf(ToolResult);
          expect(result.success).toBe(true);
          expect(result.output).toEqual(value ?? null);
        },
      );

      it('should turn a thrown error into a failed result naming the exception', async () => {
        const registry = new ToolRegistry();
        registry.register(
          testTool({
            name: 't',
            run: () => {
              throw new RangeError('too far');
            },
          }),
        );
        const result = await registry.execute('t', {});
        expect(result.error).toBe('Tool execution failed: too far');
        expect(result.metadata?.exception).toBe('RangeError');
      });

      it.each([['a string', 'bad thing', 'bad thing', 'string'], ['undefined', undefined, 'undefined', 'undefined'], ['null', null, 'null', 'null']])(
        'should turn %s thrown by a tool into a readable failed result',
        async (_what, thrown, message, exception) => {
          const registry = new ToolRegistry();
          registry.register(
            testTool({
              name: 't',
              run: () => {
                throw thrown;
              },
            }),
          );
          const result = await registry.execute('t', {});
          expect(result.error).toBe(`Tool execution failed: ${message}`);
          expect(result.metadata?.exception).toBe(exception);
        },
      );

      it('should survive a tool whose execute throws synchronously', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 't' });
        tool.execute = (() => {
          throw new Error('sync');
        }) as never;
        registry.register(tool);
        expect((await registry.execute('t', {})).error).toBe('Tool execution failed: sync');
      });
    });

    describe('a tool that answers synchronously', () => {
      function syncRegistry(answer: () => unknown): ToolRegistry {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 's' });
        tool.execute = answer as never;
        registry.register(tool);
        return registry;
      }

      it('should resolve to its ToolResult, after-hooks applied', async () => {
        const registry = syncRegistry(() => ToolResult.ok('now'));
        registry.registerAfterHook((result) => ToolResult.ok(`${String(result.output)}!`));
        const result = await registry.execute('s', {});
        expect(result).toBeInstanceOf(ToolResult);
        expect(result.output).toBe('now!');
      });

      it('should wrap a plain value and wait for an async after-hook', async () => {
        const registry = syncRegistry(() => 42);
        registry.registerAfterHook(async (result) => ToolResult.ok({ wrapped: result.output }));
        expect((await registry.execute('s', {})).output).toEqual({ wrapped: 42 });
      });

      it('should fail readably when the then getter of its answer throws', async () => {
        const answer = {
          get then(): never {
            throw new Error('no then');
          },
        };
        const result = await syncRegistry(() => answer).execute('s', {});
        expect(result.success).toBe(false);
        expect(result.error).toBe('Tool execution failed: no then');
      });

      it('should be cancelled when the caller aborted while it ran', async () => {
        const controller = new AbortController();
        const result = await syncRegistry(() => {
          controller.abort('stop');
          return ToolResult.ok('too late');
        }).execute('s', {}, { signal: controller.signal });
        expect(result.error).toBe("Tool 's' was cancelled");
      });
    });

    describe('the args and context handed to the tool', () => {
      it('should hand the tool a copy of the args, never the caller object', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({
          name: 't',
          run: (args) => {
            args.mutated = true;
            return 'ok';
          },
        });
        registry.register(tool);
        const args = { path: 'a' };
        await registry.execute('t', args);
        expect(tool.calls[0].args).not.toBe(args);
        expect(args).toEqual({ path: 'a' });
      });

      it('should hand the tool a shallow copy of the context with signal and toolName', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 't' });
        registry.register(tool);
        const shared = { files: ['a'] };
        // A JavaScript caller can send anything, `toolName` too: the registry sets its own.
        const ctx = { shared, toolName: 'spoofed' };
        await registry.execute('t', {}, ctx as ToolExecutionContext);
        const received = tool.calls[0].ctx as ToolCallContext & { shared?: unknown };
        expect(received).not.toBe(ctx);
        expect(received.shared).toBe(shared);
        expect(received.toolName).toBe('t');
        expect(received.signal).toBeInstanceOf(AbortSignal);
        expect(received.signal.aborted).toBe(false);
        expect(ctx.toolName).toBe('spoofed');
      });

      it('should give the tool its own signal even when the caller passed one', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 't' });
        registry.register(tool);
        const controller = new AbortController();
        await registry.execute('t', {}, { signal: controller.signal });
        expect(tool.calls[0].ctx.signal).toBeInstanceOf(AbortSignal);
        expect(tool.calls[0].ctx.signal).not.toBe(controller.signal);
      });
    });

    describe('timeouts', () => {
      it('should fail a tool that never resolves once its timeout passes, and abort its signal', async () => {
        const registry = new ToolRegistry();
        let signal: AbortSignal | undefined;
        registry.register(
          testTool({
            name: 'hang',
            timeoutMs: 20,
            run: (_args, ctx) => {
              signal = ctx.signal;
              return new Promise(() => undefined);
            },
          }),
        );
        const result = await registry.execute('hang', {});
        expect(result.error).toBe("Tool 'hang' timed out after 20 ms");
        expect(result.metadata).toMatchObject({ timedOut: true, timeoutMs: 20 });
        expect(signal?.aborted).toBe(true);
        expect((signal?.reason as Error).name).toBe('TimeoutError');
      });

      it("should use the registry's defaultTimeoutMs for tools without their own", async () => {
        const registry = new ToolRegistry({ defaultTimeoutMs: 15 });
        registry.register(testTool({ name: 'hang', run: () => new Promise(() => undefined) }));
        expect((await registry.execute('hang', {})).error).toBe("Tool 'hang' timed out after 15 ms");
      });

      it('should hand an aborted signal to a tool that reads it only after its timeout', async () => {
        const registry = new ToolRegistry();
        const release = deferred();
        let late: AbortSignal | undefined;
        registry.register(
          testTool({
            name: 'slow',
            timeoutMs: 10,
            run: async (_args, ctx: ToolCallContext) => {
              await release.promise;
              late = ctx.signal;
              return 'late';
            },
          }),
        );
        const result = await registry.execute('slow', {});
        expect(result.error).toBe("Tool 'slow' timed out after 10 ms");
        release.resolve();
        await flush();
        expect(late?.aborted).toBe(true);
      });

      it('should time out each of many hanging calls started together', async () => {
        const registry = new ToolRegistry({ defaultTimeoutMs: 10 });
        registry.register(testTool({ name: 'hang', run: () => new Promise(() => undefined) }));
        registry.register(testTool({ name: 'hang_longer', timeoutMs: 25, run: () => new Promise(() => undefined) }));
        const results = await Promise.all([
          ...Array.from({ length: 20 }, () => registry.execute('hang', {})),
          registry.execute('hang_longer', {}),
        ]);
        expect(results.slice(0, 20).every((r) => r.error === "Tool 'hang' timed out after 10 ms")).toBe(true);
        expect(results[20].error).toBe("Tool 'hang_longer' timed out after 25 ms");
      });

      it('should time out hanging calls started at different times, around calls that finish', async () => {
        const registry = new ToolRegistry({ defaultTimeoutMs: 10 });
        registry.register(testTool({ name: 'hang', run: () => new Promise(() => undefined) }));
        // A long timeout of its own: on a loaded machine 10 ms can pass between a call's start and its tool's answer.
        registry.register(testTool({ name: 'quick', timeoutMs: 60_000, run: () => 'done' }));
        const pending: Promise<ToolResult>[] = [];
        for (let i = 0; i < 4; i++) {
          pending.push(registry.execute('hang', {}), registry.execute('quick', {}));
          await new Promise((resolve) => setTimeout(resolve, 3));
        }
        const results = await Promise.all(pending);
        expect(results.map((r) => r.error ?? r.output)).toEqual(
          Array.from({ length: 4 }, () => ["Tool 'hang' timed out after 10 ms", 'done']).flat(),
        );
      });
    });

    describe('cancellation', () => {
      it('should not run a tool whose call was aborted before it started', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 't' });
        registry.register(tool);
        const controller = new AbortController();
        controller.abort(new Error('user pressed stop'));
        const result = await registry.execute('t', {}, { signal: controller.signal });
        expect(result.success).toBe(false);
        expect(result.error).toBe("Tool 't' was cancelled");
        expect(result.metadata).toMatchObject({ cancelled: true, reason: 'user pressed stop' });
        expect(tool.calls).toHaveLength(0);
      });

      it("should abort the tool's signal and resolve at once when the caller aborts mid-call", async () => {
        const registry = new ToolRegistry();
        const started = deferred();
        let signal: AbortSignal | undefined;
        registry.register(
          testTool({
            name: 't',
            run: (_args, ctx) => {
              signal = ctx.signal;
              started.resolve();
              return new Promise(() => undefined);
            },
          }),
        );
        const controller = new AbortController();
        const pending = registry.execute('t', {}, { signal: controller.signal });
        await started.promise;
        expect(signal?.aborted).toBe(false);
        controller.abort('stop');
        const result = await pending;
        expect(result.error).toBe("Tool 't' was cancelled");
        expect(signal?.aborted).toBe(true);
        expect(signal?.reason).toBe('stop');
      });

      it('should not run the tool when a before-hook saw the call cancelled', async () => {
        const registry = new ToolRegistry();
        const tool = testTool({ name: 't' });
        registry.register(tool);
        const controller = new AbortController();
        registry.registerBeforeHook(() => {
          controller.abort();
        });
        const result = await registry.execute('t', {}, { signal: controller.signal });
        expect(result.error).toBe("Tool 't' was cancelled");
        expect(tool.calls).toHaveLength(0);
      });
    });

    describe('under load', () => {
      it('should resolve 10,000 concurrent calls, each with its own result exactly once', async () => {
        const registry = new ToolRegistry();
        registry.register(
          testTool({
            name: 'echo',
            run: async (args) => {
              if ((args.i as number) % 3 === 0) await flush(2);
              return args.i;
            },
          }),
        );
        const results = await Promise.all(Array.from({ length: 10_000 }, (_, i) => registry.execute('echo', { i })));
        expect(results).toHaveLength(10_000);
        const outputs = results.map((r) => r.output);
        expect(outputs).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
        expect(new Set(results).size).toBe(10_000);
      });

      it('should finish calls in flight when their tool is disabled, unregistered or replaced meanwhile', async () => {
        const registry = new ToolRegistry();
        const gate = deferred();
        const slow = testTool({
          name: 'slow',
          run: async () => {
            await gate.promise;
            return 'first';
          },
        });
        registry.register(slow);
        const inFlight = [registry.execute('slow', {}), registry.execute('slow', {})];
        await flush();
        registry.disableTool('slow');
        expect((await registry.execute('slow', {})).error).toBe("Tool 'slow' is disabled");
        registry.unregister('slow');
        registry.register(testTool({ name: 'slow', run: () => 'second' }));
        registry.register(testTool({ name: 'other', run: () => 'other' }));
        gate.resolve();
        const results = await Promise.all(inFlight);
        expect(results.map((r) => r.output)).toEqual(['first', 'first']);
        expect((await registry.execute('slow', {})).output).toBe('second');
        expect((await registry.execute('other', {})).output).toBe('other');
      });
    });
  });
});

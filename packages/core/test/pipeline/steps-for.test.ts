import { ToolRegistry } from '@victor-tools/core';
import { checkAvailable, findTool } from '../../src/pipeline/lookup-steps';
import { addCallMetadata, approve, checkSandbox, detectLoop } from '../../src/pipeline/policy-steps';
import { checkOutput } from '../../src/pipeline/check-output';
import { STEPS, stepsFor } from '../../src/pipeline/steps';
import { validateStandard } from '../../src/pipeline/validate-standard';
import { createEntry } from '../../src/registry/tool-entry';
import { testTool } from '../registry/helpers';
import { tool } from '../../../../test/support/tools';

/** A readonly tool that keeps BaseTool's own isAvailable (testTool overrides it). */
const plain = () =>
  tool({
    name: 'plain',
    description: 'A readonly tool that needs none of the optional steps.',
    parameters: { type: 'object', properties: { path: { type: 'string', format: 'path' } } },
    metadata: { accessMode: 'readonly' },
    run: () => 'ran',
  });

const OPTIONAL = [checkAvailable, validateStandard, checkSandbox, detectLoop, approve, checkOutput, addCallMetadata];

describe('stepsFor', () => {
  it("should leave out only the steps that cannot apply to a tool, in STEPS' order", () => {
    const steps = stepsFor(createEntry(plain(), plain(), 'plain', true));
    expect(steps).toEqual(STEPS.filter((step) => step !== findTool && !OPTIONAL.includes(step)));
  });

  it('should keep every step for a tool each of them applies to (validateStandard: only for a Standard Schema)', () => {
    const tool = testTool({
      name: 'write',
      outputSchema: { type: 'object', properties: {} },
      metadata: { accessMode: 'write', progressParams: ['path'] },
      available: () => true,
    });
    expect(stepsFor(createEntry(tool, tool, 'write', true))).toEqual(STEPS.filter((step) => step !== findTool && step !== validateStandard));
  });

  it('should keep the approval step of a tool whose calls are logged, and the metadata step with it', () => {
    const tool = testTool({ name: 'fetch', metadata: { accessMode: 'network' } });
    const steps = stepsFor(createEntry(tool, tool, 'fetch', true));
    expect(steps).toContain(approve);
    expect(steps).toContain(addCallMetadata);
    expect(steps).not.toContain(detectLoop);
  });

  it('should run a call of a tool without the optional steps to its result, hooks included', async () => {
    const registry = new ToolRegistry();
    const seen: string[] = [];
    registry.register(plain());
    registry.registerBeforeHook((name) => void seen.push(`before ${name}`));
    registry.registerAfterHook((result) => void seen.push(`after ${String(result.output)}`));
    const result = await registry.execute('plain', { path: 'x' });
    expect(result.output).toBe('ran');
    expect(seen).toEqual(['before plain', 'after ran']);
  });
});

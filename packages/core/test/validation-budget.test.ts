// The validation budget (maxCheckedValues) outside execute: a BaseTool's own
// validateParametersDetailed refuses too many values for a Standard Schema
// library the way execute does, and the note about values not looked for
// stays within maxErrorChars. The contract (execute through tool() and
// BaseTool, time and heap of the built packages) is in
// test/spec/s04-validation-budget.test.ts.
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { z } from 'zod';
import { BaseTool, ToolResult, type SchemaInput, type ToolCallContext } from '@victor-tools/core';
import { validateArguments } from '@victor-tools/core/framework';

// ES module only: required through jest's transform (jest.config.ts), typed as ESM.
const { type } = require('arktype') as typeof import('arktype', { with: { 'resolution-mode': 'import' } });

/** `{ items: number[] }`, every item positive: a refinement in each library. */
const POSITIVE: Record<'zod' | 'valibot' | 'arktype', () => SchemaInput> = {
  zod: () => z.object({ items: z.array(z.number().refine((n) => n > 0, 'must be positive')) }),
  valibot: () => toStandardJsonSchema(v.object({ items: v.array(v.pipe(v.number(), v.check((n) => n > 0, 'must be positive'))) })),
  arktype: () => type({ items: type('number').narrow((n, ctx) => n > 0 || ctx.mustBe('positive')).array() }),
};
const LIBRARIES = ['zod', 'valibot', 'arktype'] as const;

class Positive extends BaseTool<{ items: number[] }, SchemaInput> {
  constructor(private readonly schema: SchemaInput) {
    super();
  }
  get name() {
    return 'positive';
  }
  get description() {
    return 'Take positive numbers.';
  }
  get parameters() {
    return this.schema;
  }
  async execute(_ctx: ToolCallContext, args: { items: number[] }) {
    return ToolResult.ok(`${args.items.length} items`);
  }
}

const items = (count: number, value: unknown = 0) => ({ items: new Array(count).fill(value) });
const tooMany = (library: string) =>
  `Invalid parameters for tool 'positive': Parameters hold more than 50000 values, too many for the checks of ${library} in one call; send fewer values per call`;

describe('every problem is looked for in arguments of up to 50,000 values', () => {
  describe.each(LIBRARIES)('a tool declared with %s', (library) => {
    it('should answer BaseTool.validateParametersDetailed of 1e6 values with the refusal execute gives', () => {
      const positive = new Positive(POSITIVE[library]());
      expect(positive.validateParametersDetailed(items(1_000_000))).toEqual({
        valid: false,
        errors: [tooMany(library).slice("Invalid parameters for tool 'positive': ".length)],
        invalidParams: {},
      });
    });
  });

  describe('a tool declared with JSON Schema', () => {
    it('should keep the note within maxErrorChars, shortening the first problem if it must', () => {
      const { result } = validateArguments({ type: 'object', additionalProperties: false }, { [`k${'x'.repeat(300)}`]: 1, ...items(10) }, { maxCheckedValues: 10, maxErrorChars: 80 });
      expect(result.errors).toEqual(['Unknown...', '... and perhaps more problems, not looked for in more than 10 values']);
      expect(result.errors.join('; ').length).toBe(80);
    });
  });
});

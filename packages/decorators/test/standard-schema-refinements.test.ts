// A Standard Schema's own validation in depth: an async refinement, a
// before-hook's replacement arguments, z.toJSONSchema() output, and
// validateParametersDetailed. The contract is in test/spec/s17-schemas.test.ts.
import { z } from 'zod';
import { ToolRegistry } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';
import { quietLogger } from '../../../test/support/logger';
import { Booking, bookings } from './helpers/bookings';

const quiet = () => new ToolRegistry({ logger: quietLogger() });

describe("a Standard Schema's own validation runs after ajv", () => {
  it('should wait for an async refinement, under the call timeout', async () => {
    const registry = quiet();
    const Free = z.object({ user: z.string() }).refine(async (o) => new Promise<boolean>((done) => setTimeout(() => done(o.user !== 'taken'), 5)), {
      message: 'that user name is taken',
      path: ['user'],
    });
    registry.register(tool({ name: 'claim', description: 'Claim a user name.', parameters: Free }, ({ user }) => `claimed ${user}`));
    await expect(registry.execute('claim', { user: 'taken' })).resolves.toMatchObject({
      success: false,
      error: "Invalid parameters for tool 'claim': Validation error at 'user': that user name is taken",
    });
    await expect(registry.execute('claim', { user: 'free' })).resolves.toMatchObject({ success: true, output: 'claimed free' });
  });

  it("should check a before-hook's replacement arguments with the library too", async () => {
    const { registry, calls } = bookings();
    registry.registerBeforeHook(() => ({ from: '2025-06-10', to: '2025-06-01', guests: ['ann'] }), { name: 'swap' });
    const result = await registry.execute('book', { from: '2025-06-01', to: '2025-06-10', guests: ['ann'] });
    expect(result).toMatchObject({ success: false, error: "Invalid parameters for tool 'book': Validation error at 'to': to must be after from", metadata: { hook: 'swap' } });
    expect(calls).toEqual([]);
  });

  it("should validate z.toJSONSchema() output as the zod schema it came from", async () => {
    const Named = z.object({ name: z.string().refine((s) => s === s.toLowerCase(), 'name must be lower case') });
    const registry = quiet();
    registry.register(tool({ name: 'named', description: 'Named.', parameters: z.toJSONSchema(Named) }, ({ name }) => name.length));
    await expect(registry.execute('named', { name: 'Ann' })).resolves.toMatchObject({
      success: false,
      error: "Invalid parameters for tool 'named': Validation error at 'name': name must be lower case",
    });
    await expect(registry.execute('named', { name: 'ann' })).resolves.toMatchObject({ success: true, output: 3 });
  });

  it('should answer validateParametersDetailed with the refinement too', () => {
    const book = tool({ name: 'book', description: 'Book a stay.', parameters: Booking }, () => 'ok');
    expect(book.validateParametersDetailed({ from: '2025-06-10', to: '2025-06-01', guests: ['ann'] })).toEqual({
      valid: false,
      errors: ["Validation error at 'to': to must be after from"],
      invalidParams: { to: 'refinement' },
    });
    expect(book.validateParameters({ from: '2025-06-01', to: '2025-06-10', guests: ['ann'] })).toBe(true);
  });
});

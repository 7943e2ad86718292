// A zod schema with a refinement and a transform, for the tests of a
// Standard Schema's own validation (decorators' and test/spec's).
import { z } from 'zod';
import { ToolRegistry } from '@victor-tools/core';
import { tool } from '@victor-tools/decorators';
import { quietLogger } from '../../../../test/support/logger';

/** A stay from one ISO date to a later one (a zod .refine), guests, and a note that zod trims (a .transform). */
export const Booking = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    guests: z.array(z.string().min(1)).min(1),
    note: z
      .string()
      .optional()
      .transform((text) => text?.trim() ?? ''),
  })
  .refine((b) => b.to > b.from, { message: 'to must be after from', path: ['to'] });

/** A registry with `book` (parameters: Booking) and the arguments its function got, as zod's output. */
export function bookings(): { registry: ToolRegistry; calls: Array<z.output<typeof Booking>> } {
  const calls: Array<z.output<typeof Booking>> = [];
  const registry = new ToolRegistry({ logger: quietLogger() });
  registry.register(
    tool({ name: 'book', description: 'Book a stay.', parameters: Booking }, (args) => {
      calls.push(args);
      return `${args.guests.length} guests, ${args.note.length} note chars`;
    }),
  );
  return { registry, calls };
}

import { LoopDetector } from '../../src/policy/loop-detector';

describe('LoopDetector', () => {
  describe('record', () => {
    it('should flag the call past the threshold with its own progress values', () => {
      const loops = new LoopDetector(2);
      const scope = {};
      expect(loops.record(scope, 'read', ['path'], { path: 'a', offset: 1 })).toBeUndefined();
      expect(loops.record(scope, 'read', ['path'], { path: 'a', offset: 2 })).toBeUndefined();
      expect(loops.record(scope, 'read', ['path'], { path: 'a', offset: 3 })).toEqual({ count: 3, threshold: 2, values: { path: 'a' } });
    });

    it('should count per tool and per value', () => {
      const loops = new LoopDetector(1);
      const scope = {};
      loops.record(scope, 'read', ['path'], { path: 'a' });
      expect(loops.record(scope, 'write', ['path'], { path: 'a' })).toBeUndefined();
      expect(loops.record(scope, 'read', ['path'], { path: 'b' })).toBeUndefined();
      expect(loops.record(scope, 'read', ['path'], { path: 'a' })).toMatchObject({ count: 2 });
    });

    it('should count a conversation id as one scope, and context objects apart', () => {
      const loops = new LoopDetector(1);
      loops.record('conversation', 'read', ['path'], { path: 'a' });
      expect(loops.record('conversation', 'read', ['path'], { path: 'a' })).toMatchObject({ count: 2 });
      loops.record({}, 'read', ['path'], { path: 'a' });
      expect(loops.record({}, 'read', ['path'], { path: 'a' })).toBeUndefined();
    });

    it('should tell values apart that differ only far into a long value', () => {
      const loops = new LoopDetector(1);
      const scope = {};
      const long = 'x'.repeat(100_000);
      loops.record(scope, 'read', ['path'], { path: `${long}a` });
      expect(loops.record(scope, 'read', ['path'], { path: `${long}b` })).toBeUndefined();
      expect(loops.record(scope, 'read', ['path'], { path: `${long}a` })).toMatchObject({ count: 2 });
    });

    it('should remember at most 1000 conversations, forgetting the least recent', () => {
      const loops = new LoopDetector(1);
      loops.record('first', 'read', ['path'], { path: 'a' });
      for (let i = 0; i < 1_000; i++) loops.record(`conversation-${i}`, 'read', ['path'], { path: 'a' });
      expect(loops.record('first', 'read', ['path'], { path: 'a' })).toBeUndefined();
    });
  });

  describe('reset', () => {
    it('should forget the counts of a conversation or of a context object', () => {
      const loops = new LoopDetector(1);
      const ctx = {};
      for (const scope of ['conversation', ctx]) {
        loops.record(scope, 'read', ['path'], { path: 'a' });
        loops.reset(scope);
        expect(loops.record(scope, 'read', ['path'], { path: 'a' })).toBeUndefined();
      }
    });
  });
});

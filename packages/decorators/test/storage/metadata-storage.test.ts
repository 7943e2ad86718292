import { MetadataStorage, Param, Tool, getMetadataStorage } from '@victor-tools/decorators';

describe('getMetadataStorage', () => {
  it('should keep one storage on globalThis under a Symbol.for key, shared by copies of the package', () => {
    const key = Symbol.for('victor-tools.decorators.metadata-storage');
    expect((globalThis as unknown as Record<symbol, unknown>)[key]).toBe(getMetadataStorage());
    expect(getMetadataStorage()).toBe(getMetadataStorage());
  });
});

describe('MetadataStorage', () => {
  class Params {
    @Param({ type: 'string' }) a = 'x';
  }
  class Box {
    @Tool({ description: 'One.' })
    one() {
      return 1;
    }
  }

  describe('collect and find', () => {
    it('should hold what the decorators recorded, by class', () => {
      const storage = getMetadataStorage();
      expect(storage.findParams(Params).map((r) => r.field)).toEqual(['a']);
      expect(storage.findToolMethods(Box).map((r) => r.method)).toEqual(['one']);
      expect(storage.isToolClass(Box)).toBe(true);
      expect(storage.isToolClass(Params)).toBe(false);
    });

    it('should inherit params from a base class, base fields first', () => {
      class More extends Params {
        @Param({ type: 'integer' }) b = 1;
      }
      expect(getMetadataStorage().findParams(More).map((r) => r.field)).toEqual(['a', 'b']);
    });
  });

  describe('clone and clear', () => {
    it('should clone into an independent storage that clear does not touch', () => {
      const copy = getMetadataStorage().clone();
      expect(copy).toBeInstanceOf(MetadataStorage);
      copy.clear();
      expect(copy.findParams(Params)).toEqual([]);
      expect(getMetadataStorage().findParams(Params)).toHaveLength(1);
      const again = getMetadataStorage().clone();
      expect(again.findToolMethods(Box)).toHaveLength(1);
    });

    it('should leave the original alone when records are collected into the clone', () => {
      class Extra {}
      const copy = getMetadataStorage().clone();
      copy.collectToolClass({ target: Extra, options: { description: 'Extra.' }, mode: 'legacy' });
      expect(copy.isToolClass(Extra)).toBe(true);
      expect(getMetadataStorage().isToolClass(Extra)).toBe(false);
    });

    it('should start empty when made with new', () => {
      expect(new MetadataStorage().isToolClass(Box)).toBe(false);
      expect(new MetadataStorage().findParams(Params)).toEqual([]);
    });
  });
});

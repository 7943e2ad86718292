describe('ToolMetadataRegistry', () => {
  describe('getInstance', () => {
    afterEach(() => {
      jest.isolateModules(() => {
        (require('@victor-tools/metadata') as typeof import('@victor-tools/metadata')).ToolMetadataRegistry.resetInstance();
      });
    });

    it('should return the same instance from two copies of the package', () => {
      let first: unknown;
      let second: unknown;
      let firstClass: unknown;
      let secondClass: unknown;
      jest.isolateModules(() => {
        const copy = require('@victor-tools/metadata') as typeof import('@victor-tools/metadata');
        firstClass = copy.ToolMetadataRegistry;
        first = copy.ToolMetadataRegistry.getInstance();
      });
      jest.isolateModules(() => {
        const copy = require('@victor-tools/metadata') as typeof import('@victor-tools/metadata');
        secondClass = copy.ToolMetadataRegistry;
        second = copy.ToolMetadataRegistry.getInstance();
      });
      expect(secondClass).not.toBe(firstClass);
      expect(second).toBe(first);
    });

    it('should start over after resetInstance', () => {
      jest.isolateModules(() => {
        const { ToolMetadataRegistry } = require('@victor-tools/metadata') as typeof import('@victor-tools/metadata');
        const before = ToolMetadataRegistry.getInstance();
        expect(ToolMetadataRegistry.getInstance()).toBe(before);
        ToolMetadataRegistry.resetInstance();
        expect(ToolMetadataRegistry.getInstance()).not.toBe(before);
      });
    });

    it("should keep the instance under Symbol.for('victor-tools.ToolMetadataRegistry')", () => {
      jest.isolateModules(() => {
        const { ToolMetadataRegistry } = require('@victor-tools/metadata') as typeof import('@victor-tools/metadata');
        const instance = ToolMetadataRegistry.getInstance();
        expect((globalThis as Record<symbol, unknown>)[Symbol.for('victor-tools.ToolMetadataRegistry')]).toBe(instance);
      });
    });
  });
});

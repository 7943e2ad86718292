// BaseTool subclasses built from plain specs, so the catalogues of the search
// and memory cases are ordinary tools of the built @victor-tools/core.

/**
 * A `BaseTool` class whose instances carry their spec; `run(args)` is the body.
 * One class for every instance, as a real project's generated tools would share one.
 */
export function specToolClass(core) {
  const { BaseTool, CostTier, ToolResult } = core;
  return class SpecTool extends BaseTool {
    constructor(spec, run = (args) => args) {
      super();
      this.spec = spec;
      this.run = run;
    }
    get name() {
      return this.spec.name;
    }
    get description() {
      return this.spec.description;
    }
    get parameters() {
      return this.spec.parameters;
    }
    get costTier() {
      return CostTier.from(this.spec.costTier ?? 'free');
    }
    get metadata() {
      return this.spec.metadata;
    }
    async execute(_ctx, args) {
      return ToolResult.ok(this.run(args));
    }
  };
}

/** Instances of `specToolClass(core)`, one per spec. */
export function buildTools(core, specs) {
  const SpecTool = specToolClass(core);
  return specs.map((spec) => new SpecTool(spec));
}

// SPEC section 1: smart enums, as an outside test writer reads them.
import { AccessMode, AgentMode, CostTier, DangerLevel, ExecutionCategory, Priority, SchemaLevel } from '@victor-tools/core';

const ENUMS = { CostTier, AccessMode, DangerLevel, Priority, ExecutionCategory, SchemaLevel, AgentMode } as const;

const MEMBERS: Record<keyof typeof ENUMS, Array<[string, string | number]>> = {
  CostTier: [['FREE', 'free'], ['LOW', 'low'], ['MEDIUM', 'medium'], ['HIGH', 'high']],
  AccessMode: [['READONLY', 'readonly'], ['WRITE', 'write'], ['EXECUTE', 'execute'], ['NETWORK', 'network'], ['MIXED', 'mixed']],
  DangerLevel: [['SAFE', 'safe'], ['LOW', 'low'], ['MEDIUM', 'medium'], ['HIGH', 'high'], ['CRITICAL', 'critical']],
  Priority: [['CRITICAL', 1], ['HIGH', 2], ['MEDIUM', 3], ['LOW', 4], ['CONTEXTUAL', 5]],
  ExecutionCategory: [['READ_ONLY', 'read_only'], ['WRITE', 'write'], ['COMPUTE', 'compute'], ['NETWORK', 'network'], ['EXECUTE', 'execute'], ['MIXED', 'mixed']],
  SchemaLevel: [['FULL', 'full'], ['COMPACT', 'compact'], ['STUB', 'stub']],
  AgentMode: [['EXPLORE', 'explore'], ['PLAN', 'plan'], ['BUILD', 'build']],
};

type AnyEnum = { value: string | number; toString(): string; toJSON(): unknown };
type EnumClass = { from(v: unknown): AnyEnum; values(): readonly AnyEnum[] } & Record<string, unknown>;

describe.each(Object.keys(ENUMS) as Array<keyof typeof ENUMS>)('%s', (enumName) => {
  const E = ENUMS[enumName] as unknown as EnumClass;
  const members = MEMBERS[enumName];

  it('should have exactly the listed members with their values, in values()', () => {
    expect(E.values().map((m) => m.value)).toEqual(members.map(([, v]) => v));
    for (const [key, value] of members) expect((E[key] as AnyEnum).value).toBe(value);
  });

  it('should freeze each instance', () => {
    for (const m of E.values()) expect(Object.isFrozen(m)).toBe(true);
  });

  it('should give the value from toString() and toJSON()', () => {
    for (const [key, value] of members) {
      const m = E[key] as AnyEnum;
      expect(m.toString()).toBe(String(value));
      expect(m.toJSON()).toBe(value);
      expect(JSON.stringify({ m })).toBe(JSON.stringify({ m: value }));
    }
  });

  it('should resolve from(value), from(instance) and from a foreign copy compared by value', () => {
    for (const [key, value] of members) {
      const m = E[key];
      expect(E.from(value)).toBe(m);
      expect(E.from(m)).toBe(m);
      expect(E.from({ value })).toBe(m);
    }
  });

  it('should throw a TypeError naming the allowed values otherwise', () => {
    let caught: unknown;
    try {
      E.from('nope');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TypeError);
    for (const [, value] of members) expect((caught as Error).message).toContain(String(value));
    expect(() => E.from(undefined)).toThrow(TypeError);
    expect(() => E.from({ value: 'nope' })).toThrow(TypeError);
  });
});

describe('CostTier', () => {
  it('should weigh FREE 0, LOW 1, MEDIUM 2, HIGH 3', () => {
    expect([CostTier.FREE, CostTier.LOW, CostTier.MEDIUM, CostTier.HIGH].map((c) => c.weight)).toEqual([0, 1, 2, 3]);
  });
});

describe('AccessMode', () => {
  it('should require approval for WRITE, EXECUTE and MIXED only', () => {
    expect(AccessMode.values().filter((a) => a.requiresApproval)).toEqual([AccessMode.WRITE, AccessMode.EXECUTE, AccessMode.MIXED]);
  });
  it('should call only READONLY safe', () => {
    expect(AccessMode.values().filter((a) => a.isSafe)).toEqual([AccessMode.READONLY]);
  });
  it('should have approval levels READONLY 0, NETWORK 1, WRITE 2, EXECUTE 3, MIXED 3', () => {
    expect(AccessMode.READONLY.approvalLevel).toBe(0);
    expect(AccessMode.NETWORK.approvalLevel).toBe(1);
    expect(AccessMode.WRITE.approvalLevel).toBe(2);
    expect(AccessMode.EXECUTE.approvalLevel).toBe(3);
    expect(AccessMode.MIXED.approvalLevel).toBe(3);
  });
});

describe('DangerLevel', () => {
  it('should weigh 0..4 in order', () => {
    expect(DangerLevel.values().map((d) => d.weight)).toEqual([0, 1, 2, 3, 4]);
  });
  it('should require confirmation from weight 2 (MEDIUM) up', () => {
    expect(DangerLevel.values().map((d) => d.requiresConfirmation)).toEqual([false, false, true, true, true]);
  });
  it('should have an empty warning for SAFE and a non-empty one otherwise', () => {
    expect(DangerLevel.SAFE.warningMessage).toBe('');
    for (const d of DangerLevel.values().slice(1)) {
      expect(typeof d.warningMessage).toBe('string');
      expect(d.warningMessage.length).toBeGreaterThan(0);
    }
  });
});

describe('Priority', () => {
  it('should weigh its value', () => {
    for (const p of Priority.values()) expect(p.weight).toBe(p.value);
  });
  it('should resolve from a number', () => {
    expect(Priority.from(1)).toBe(Priority.CRITICAL);
    expect(() => Priority.from(6 as never)).toThrow(TypeError);
  });
});

describe('ExecutionCategory', () => {
  it('should parallelize READ_ONLY, COMPUTE and NETWORK only', () => {
    expect(ExecutionCategory.values().filter((c) => c.canParallelize)).toEqual([
      ExecutionCategory.READ_ONLY,
      ExecutionCategory.COMPUTE,
      ExecutionCategory.NETWORK,
    ]);
  });

  const { READ_ONLY, WRITE, COMPUTE, NETWORK, EXECUTE, MIXED } = ExecutionCategory;
  const conflicts: Array<[ExecutionCategory, ExecutionCategory]> = [
    [WRITE, WRITE],
    [WRITE, MIXED],
    [EXECUTE, EXECUTE],
    [EXECUTE, WRITE],
    [EXECUTE, MIXED],
    [MIXED, WRITE],
    [MIXED, EXECUTE],
    [MIXED, MIXED],
  ];
  const key = (a: ExecutionCategory, b: ExecutionCategory) => `${a.value}/${b.value}`;
  const expected = new Set(conflicts.flatMap(([a, b]) => [key(a, b), key(b, a)]));

  it('should conflict exactly as listed, symmetrically', () => {
    for (const a of [READ_ONLY, WRITE, COMPUTE, NETWORK, EXECUTE, MIXED]) {
      for (const b of [READ_ONLY, WRITE, COMPUTE, NETWORK, EXECUTE, MIXED]) {
        expect([key(a, b), a.conflictsWith(b)]).toEqual([key(a, b), expected.has(key(a, b))]);
      }
    }
  });

  it('should accept a plain value in conflictsWith', () => {
    expect(WRITE.conflictsWith('write' as never)).toBe(true);
    expect(READ_ONLY.conflictsWith('write' as never)).toBe(false);
  });
});

describe('SchemaLevel', () => {
  it('should cap descriptions at 500/150/80 and params at 100/50/25', () => {
    expect(SchemaLevel.values().map((l) => l.maxDescriptionChars)).toEqual([500, 150, 80]);
    expect(SchemaLevel.values().map((l) => l.maxParamDescriptionChars)).toEqual([100, 50, 25]);
  });
  it('should include optional params in FULL and COMPACT only', () => {
    expect(SchemaLevel.values().map((l) => l.includeOptionalParams)).toEqual([true, true, false]);
  });
});

import {
  AccessMode,
  AgentMode,
  CostTier,
  DangerLevel,
  ExecutionCategory,
  Priority,
  SchemaLevel,
} from '@victor-tools/core';
import { SmartEnum } from '@victor-tools/core/internal';

interface EnumClass {
  values(): readonly SmartEnum<string | number>[];
  from(value: unknown): SmartEnum<string | number>;
}

const ENUMS: Array<[string, EnumClass, Record<string, string | number>]> = [
  ['CostTier', CostTier as unknown as EnumClass, { FREE: 'free', LOW: 'low', MEDIUM: 'medium', HIGH: 'high' }],
  [
    'AccessMode',
    AccessMode as unknown as EnumClass,
    { READONLY: 'readonly', WRITE: 'write', EXECUTE: 'execute', NETWORK: 'network', MIXED: 'mixed' },
  ],
  [
    'DangerLevel',
    DangerLevel as unknown as EnumClass,
    { SAFE: 'safe', LOW: 'low', MEDIUM: 'medium', HIGH: 'high', CRITICAL: 'critical' },
  ],
  ['Priority', Priority as unknown as EnumClass, { CRITICAL: 1, HIGH: 2, MEDIUM: 3, LOW: 4, CONTEXTUAL: 5 }],
  [
    'ExecutionCategory',
    ExecutionCategory as unknown as EnumClass,
    { READ_ONLY: 'read_only', WRITE: 'write', COMPUTE: 'compute', NETWORK: 'network', EXECUTE: 'execute', MIXED: 'mixed' },
  ],
  ['SchemaLevel', SchemaLevel as unknown as EnumClass, { FULL: 'full', COMPACT: 'compact', STUB: 'stub' }],
  ['AgentMode', AgentMode as unknown as EnumClass, { EXPLORE: 'explore', PLAN: 'plan', BUILD: 'build' }],
];

describe.each(ENUMS)('%s', (enumName, EnumType, members) => {
  const member = (key: string) => (EnumType as unknown as Record<string, SmartEnum<string | number>>)[key];

  describe('members', () => {
    it.each(Object.entries(members))('should give %s the value %p', (key, value) => {
      expect(member(key).value).toBe(value);
    });

    it('should freeze every member and the class', () => {
      for (const key of Object.keys(members)) expect(Object.isFrozen(member(key))).toBe(true);
      expect(Object.isFrozen(EnumType)).toBe(true);
    });
  });

  describe('values', () => {
    it('should list every member once, in declaration order', () => {
      expect(EnumType.values()).toEqual(Object.keys(members).map(member));
      expect(EnumType.values().map((v) => v.value)).toEqual(Object.values(members));
    });
  });

  describe('from', () => {
    it('should return the same instance for a plain value', () => {
      for (const [key, value] of Object.entries(members)) expect(EnumType.from(value)).toBe(member(key));
    });

    it('should return an instance given as it is', () => {
      for (const key of Object.keys(members)) expect(EnumType.from(member(key))).toBe(member(key));
    });

    it('should accept an instance from another copy of the package, compared by value', () => {
      for (const [key, value] of Object.entries(members)) expect(EnumType.from({ value })).toBe(member(key));
    });

    it('should throw a TypeError naming the enum and every allowed value', () => {
      const allowed = Object.values(members).map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
      const attempt = () => EnumType.from('nope');
      expect(attempt).toThrow(TypeError);
      expect(attempt).toThrow(enumName);
      expect(attempt).toThrow(`'nope'`);
      for (const value of allowed) expect(attempt).toThrow(value);
    });

    it('should describe an object given, not show it through its own toString', () => {
      const impostor = { toString: () => 'build' };
      expect(() => EnumType.from(impostor)).toThrow(`Invalid ${enumName} value (an object).`);
    });

    it('should reject values of the wrong type and odd inputs without crashing', () => {
      for (const bad of [undefined, null, {}, { value: 'nope' }, Symbol('x'), Object.create(null)]) {
        expect(() => EnumType.from(bad)).toThrow(TypeError);
      }
    });
  });

  describe('toString, toJSON and JSON.stringify', () => {
    it('should give the plain value', () => {
      for (const [key, value] of Object.entries(members)) {
        expect(member(key).toString()).toBe(String(value));
        expect(member(key).toJSON()).toBe(value);
        expect(`${member(key)}`).toBe(String(value));
        expect(JSON.stringify({ m: member(key) })).toBe(JSON.stringify({ m: value }));
      }
    });
  });
});

describe('CostTier', () => {
  it('should weigh FREE 0, LOW 1, MEDIUM 2 and HIGH 3', () => {
    expect(CostTier.values().map((t) => t.weight)).toEqual([0, 1, 2, 3]);
    expect(CostTier.FREE.weight).toBe(0);
    expect(CostTier.HIGH.weight).toBe(3);
  });
});

describe('AccessMode', () => {
  it('should require approval for WRITE, EXECUTE and MIXED only', () => {
    expect(AccessMode.values().filter((m) => m.requiresApproval)).toEqual([AccessMode.WRITE, AccessMode.EXECUTE, AccessMode.MIXED]);
  });

  it('should call only READONLY safe', () => {
    expect(AccessMode.values().filter((m) => m.isSafe)).toEqual([AccessMode.READONLY]);
  });

  it('should give approval levels READONLY 0, NETWORK 1, WRITE 2, EXECUTE 3, MIXED 3', () => {
    expect(AccessMode.READONLY.approvalLevel).toBe(0);
    expect(AccessMode.NETWORK.approvalLevel).toBe(1);
    expect(AccessMode.WRITE.approvalLevel).toBe(2);
    expect(AccessMode.EXECUTE.approvalLevel).toBe(3);
    expect(AccessMode.MIXED.approvalLevel).toBe(3);
  });
});

describe('DangerLevel', () => {
  it('should weigh SAFE 0 up to CRITICAL 4', () => {
    expect(DangerLevel.values().map((d) => d.weight)).toEqual([0, 1, 2, 3, 4]);
  });

  it('should require confirmation from MEDIUM (weight 2) up', () => {
    expect(DangerLevel.values().filter((d) => d.requiresConfirmation)).toEqual([
      DangerLevel.MEDIUM,
      DangerLevel.HIGH,
      DangerLevel.CRITICAL,
    ]);
  });

  it('should have an empty warning for SAFE and a sentence for every other level', () => {
    expect(DangerLevel.SAFE.warningMessage).toBe('');
    for (const level of DangerLevel.values().slice(1)) {
      expect(level.warningMessage).toMatch(/^[A-Z].{10,}\.$/);
    }
    expect(new Set(DangerLevel.values().map((d) => d.warningMessage)).size).toBe(5);
  });
});

describe('Priority', () => {
  it('should weigh each priority by its value', () => {
    for (const p of Priority.values()) expect(p.weight).toBe(p.value);
    expect(Priority.CRITICAL.weight).toBe(1);
    expect(Priority.CONTEXTUAL.weight).toBe(5);
  });
});

describe('ExecutionCategory', () => {
  const { READ_ONLY, WRITE, COMPUTE, NETWORK, EXECUTE, MIXED } = ExecutionCategory;

  it('should let READ_ONLY, COMPUTE and NETWORK run in parallel', () => {
    expect(ExecutionCategory.values().filter((c) => c.canParallelize)).toEqual([READ_ONLY, COMPUTE, NETWORK]);
  });

  describe('conflictsWith', () => {
    const expected: Array<[ExecutionCategory, ExecutionCategory]> = [
      [WRITE, WRITE],
      [WRITE, MIXED],
      [EXECUTE, EXECUTE],
      [EXECUTE, WRITE],
      [EXECUTE, MIXED],
      [MIXED, WRITE],
      [MIXED, EXECUTE],
      [MIXED, MIXED],
    ];
    const conflicts = (a: ExecutionCategory, b: ExecutionCategory) =>
      expected.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

    it('should match the conflict table for every ordered pair', () => {
      for (const a of ExecutionCategory.values()) {
        for (const b of ExecutionCategory.values()) {
          expect([a.value, b.value, a.conflictsWith(b)]).toEqual([a.value, b.value, conflicts(a, b)]);
        }
      }
    });

    it('should be symmetric over all pairs', () => {
      for (const a of ExecutionCategory.values()) {
        for (const b of ExecutionCategory.values()) expect(a.conflictsWith(b)).toBe(b.conflictsWith(a));
      }
    });

    it('should accept a plain value', () => {
      expect(WRITE.conflictsWith('mixed')).toBe(true);
      expect(READ_ONLY.conflictsWith('write')).toBe(false);
    });

    it('should never conflict with a parallelizable category', () => {
      for (const a of ExecutionCategory.values()) {
        for (const b of ExecutionCategory.values().filter((c) => c.canParallelize)) expect(a.conflictsWith(b)).toBe(false);
      }
    });
  });
});

describe('SchemaLevel', () => {
  it('should cap descriptions at 500/150/80 and parameter descriptions at 100/50/25', () => {
    expect(SchemaLevel.values().map((l) => l.maxDescriptionChars)).toEqual([500, 150, 80]);
    expect(SchemaLevel.values().map((l) => l.maxParamDescriptionChars)).toEqual([100, 50, 25]);
  });

  it('should include optional parameters at FULL and COMPACT only', () => {
    expect(SchemaLevel.FULL.includeOptionalParams).toBe(true);
    expect(SchemaLevel.COMPACT.includeOptionalParams).toBe(true);
    expect(SchemaLevel.STUB.includeOptionalParams).toBe(false);
  });
});

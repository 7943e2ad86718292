import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `AccessMode`, as `.value`, `toJSON()` and `AccessMode.from` use them. */
export type AccessModeValue = 'readonly' | 'write' | 'execute' | 'network' | 'mixed';
/** An `AccessMode` or its plain value. */
export type AccessModeLike = AccessMode | AccessModeValue;

/** What a tool touches: it decides approval and what each agent mode allows. */
export class AccessMode extends SmartEnum<AccessModeValue> {
  static readonly READONLY = new AccessMode('readonly', 0);
  static readonly WRITE = new AccessMode('write', 2);
  static readonly EXECUTE = new AccessMode('execute', 3);
  static readonly NETWORK = new AccessMode('network', 1);
  static readonly MIXED = new AccessMode('mixed', 3);

  private constructor(
    value: AccessModeValue,
    /** 0 never asks, 1 logs only, 2 asks on first use, 3 asks every time. */
    readonly approvalLevel: number,
  ) {
    super(value);
    Object.freeze(this);
  }

  /** WRITE, EXECUTE and MIXED need the user's approval. */
  get requiresApproval(): boolean {
    return this.approvalLevel >= 2;
  }

  /** Only READONLY is safe without a second look. */
  get isSafe(): boolean {
    return this.value === 'readonly';
  }

  static values(): readonly AccessMode[] {
    return ACCESS_MODES;
  }

  static from(value: AccessModeLike): AccessMode {
    return resolveEnum('AccessMode', ACCESS_MODES, value);
  }
}

const ACCESS_MODES: readonly AccessMode[] = Object.freeze([
  AccessMode.READONLY,
  AccessMode.WRITE,
  AccessMode.EXECUTE,
  AccessMode.NETWORK,
  AccessMode.MIXED,
]);
Object.freeze(AccessMode);

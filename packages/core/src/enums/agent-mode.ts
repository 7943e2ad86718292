import { SmartEnum, resolveEnum } from './smart-enum';

/** The plain values of `AgentMode`, as `.value`, `toJSON()` and `AgentMode.from` use them. */
export type AgentModeValue = 'explore' | 'plan' | 'build';
/** An `AgentMode` or its plain value. */
export type AgentModeLike = AgentMode | AgentModeValue;

/**
 * What an agent is doing, which decides the tools it may call
 * (see the registry's mode policy): PLAN reads, EXPLORE writes only inside a
 * sandbox, BUILD does anything.
 */
export class AgentMode extends SmartEnum<AgentModeValue> {
  static readonly EXPLORE = new AgentMode('explore');
  static readonly PLAN = new AgentMode('plan');
  static readonly BUILD = new AgentMode('build');

  private constructor(value: AgentModeValue) {
    super(value);
    Object.freeze(this);
  }

  static values(): readonly AgentMode[] {
    return AGENT_MODES;
  }

  static from(value: AgentModeLike): AgentMode {
    return resolveEnum('AgentMode', AGENT_MODES, value);
  }
}

const AGENT_MODES: readonly AgentMode[] = Object.freeze([AgentMode.EXPLORE, AgentMode.PLAN, AgentMode.BUILD]);
Object.freeze(AgentMode);

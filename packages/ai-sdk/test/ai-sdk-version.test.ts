// The adapter's suite runs once per supported AI SDK major (jest.config.ts:
// `ai-sdk` with ai 6, `ai-sdk-ai7` with ai 7 mapped in): this checks that each
// run loaded the version it names, so a broken mapping cannot pass as a test of 7.
import { generateText } from 'ai';

declare const AI_SDK_MAJOR: number;

describe('the AI SDK under test', () => {
  it('should be the major version this jest project names', () => {
    const { version } = require('ai/package.json') as { version: string };
    expect(Number(version.split('.')[0])).toBe(AI_SDK_MAJOR);
    expect(typeof generateText).toBe('function');
  });
});

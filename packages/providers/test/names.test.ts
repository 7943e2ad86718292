import {
  toAnthropicTool,
  toGeminiFunction,
  toMcpTool,
  toOpenAITool,
} from '@victor-tools/providers';
import { InvalidToolNameError } from '@victor-tools/providers/framework';
import { schemaTool } from './fixtures/schema-tool';

const named = (name: string) => schemaTool({ type: 'object', properties: { a: { type: 'string' } } }, { name });
const catchError = (fn: () => unknown): InvalidToolNameError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidToolNameError) return error;
    throw error;
  }
  throw new Error('expected an InvalidToolNameError');
};

describe('InvalidToolNameError', () => {
  it('should be thrown by toOpenAITool for a name with a space, naming the tool, the provider and the rule', () => {
    const error = catchError(() => toOpenAITool(named('read file')));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InvalidToolNameError');
    expect(error.toolName).toBe('read file');
    expect(error.provider).toBe('OpenAI');
    expect(error.message).toBe(
      "Tool name 'read file' is not accepted by OpenAI: letters, digits, '_' and '-' only, 1 to 64 characters. " +
        "Register the tool under a valid name, e.g. 'read_file'.",
    );
  });

  it('should be thrown by OpenAI and Anthropic for a name over 64 characters, but not by MCP', () => {
    const long = named('a'.repeat(65));
    expect(() => toOpenAITool(long)).toThrow(InvalidToolNameError);
    expect(() => toAnthropicTool(long)).toThrow(/not accepted by Anthropic/);
    expect(() => toMcpTool(long)).not.toThrow();
    expect(() => toOpenAITool(named('a'.repeat(64)))).not.toThrow();
  });

  it('should let Gemini take dots and colons but require a letter or underscore first', () => {
    expect(() => toGeminiFunction(named('fs.read:v1'))).not.toThrow();
    expect(() => toOpenAITool(named('fs.read'))).toThrow(InvalidToolNameError);
    const error = catchError(() => toGeminiFunction(named('1read')));
    expect(error.provider).toBe('Gemini');
    expect(error.suggestion).toBe('_1read');
  });

  it('should let MCP take dots but not slashes, and names up to 128 characters', () => {
    expect(() => toMcpTool(named('fs.read'))).not.toThrow();
    expect(() => toMcpTool(named('fs/read'))).toThrow(/not accepted by MCP/);
    expect(() => toMcpTool(named('a'.repeat(129)))).toThrow(InvalidToolNameError);
  });

  it('should suggest a name cut to the provider limit', () => {
    expect(catchError(() => toOpenAITool(named('é'.repeat(70)))).suggestion).toBe('_'.repeat(64));
  });
});

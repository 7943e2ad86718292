import { ToolRegistry, ToolResult } from '@victor-tools/core';
import { contentText, type ToolContentBlock } from '@victor-tools/core/framework';
import { testTool } from './registry/helpers';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('ToolResult.withContent', () => {
  const blocks: ToolContentBlock[] = [
    { type: 'text', text: 'Two files:' },
    { type: 'image', data: PNG, mimeType: 'image/png' },
    { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
    { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'alpha' } },
    { type: 'resource', resource: { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: 'AAEC' } },
    { type: 'resource_link', uri: 'file:///c.txt', name: 'c.txt' },
  ];

  it('should build a success carrying the blocks, frozen, with their text form as output', () => {
    const result = ToolResult.withContent(blocks);
    expect(result.success).toBe(true);
    expect(result.content).toEqual(blocks);
    expect(result.content).not.toBe(blocks);
    expect(Object.isFrozen(result.content)).toBe(true);
    expect(result.output).toBe(
      'Two files:\n[image: image/png, 70 bytes]\n[audio: audio/wav, 4 bytes]\nalpha\n[resource: file:///b.bin, application/octet-stream]\n[resource link: file:///c.txt (c.txt)]',
    );
    expect(contentText(blocks)).toBe(result.output);
  });

  it('should keep an explicit output and metadata', () => {
    const result = ToolResult.withContent([{ type: 'text', text: 'hi' }], { greeting: 'hi' }, { lang: 'en' });
    expect(result.output).toEqual({ greeting: 'hi' });
    expect(result.metadata).toEqual({ lang: 'en' });
  });

  it('should keep its JSON and own keys the four of the contract', () => {
    const result = ToolResult.withContent([{ type: 'text', text: 'hi' }]);
    expect(Object.keys(result)).not.toContain('content');
    expect(JSON.parse(JSON.stringify(result))).toEqual({ success: true, output: 'hi' });
  });

  it('should keep the blocks through withMetadata and through registry.execute', async () => {
    expect(ToolResult.withContent(blocks).withMetadata({ x: 1 }).content).toEqual(blocks);
    const registry = new ToolRegistry();
    registry.register(testTool({ name: 'pic', run: () => ToolResult.withContent(blocks.slice(0, 2)) }));
    registry.registerAfterHook(() => undefined);
    const result = await registry.execute('pic', {});
    expect(result.content).toEqual(blocks.slice(0, 2));
  });

  it('should leave content undefined on every other result', () => {
    expect(ToolResult.ok('x').content).toBeUndefined();
    expect(ToolResult.fail('x').content).toBeUndefined();
  });

  it.each([[undefined], [null], ['text'], [[{ text: 'no type' }]], [[null]]])('should throw a TypeError for %p', (bad) => {
    expect(() => ToolResult.withContent(bad as never)).toThrow(TypeError);
  });
});

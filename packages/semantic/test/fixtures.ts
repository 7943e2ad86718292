import { BaseTool, ToolResult, type JsonSchema } from '@victor-tools/core';

class PlainTool extends BaseTool {
  constructor(
    private readonly toolName: string,
    private readonly toolDescription: string,
  ) {
    super();
  }
  get name(): string {
    return this.toolName;
  }
  get description(): string {
    return this.toolDescription;
  }
  get parameters(): JsonSchema {
    return { type: 'object', properties: {} };
  }
  async execute(): Promise<ToolResult> {
    return ToolResult.ok(this.toolName);
  }
}

/** Tools none of whose words is in 'do I need an umbrella tomorrow'. */
export function WeatherTools(): BaseTool[] {
  return [
    new PlainTool('get_forecast', 'Weather forecast for a city: temperature, rain and wind.'),
    new PlainTool('send_invoice', 'Send an invoice to a customer by email.'),
    new PlainTool('list_files', 'List the files of a directory.'),
    new PlainTool('stock_quote', 'Latest price of a stock on the exchange.'),
  ];
}

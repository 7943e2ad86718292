// The SPEC contract tests' tool builders: the shared test tools (not a test file).
export { TestTool, silentLogger, type TestToolOptions } from '../support/tools';

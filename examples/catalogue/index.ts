import type { CatalogueTool } from './catalogue-tool';
import { codeQualityTools } from './code-quality';
import { databaseTools } from './database';
import { dockerTools } from './docker';
import { fileTools } from './files';
import { gitTools } from './git';
import { projectTools } from './project';
import { searchTools } from './search';
import { shellTools } from './shell';
import { webTools } from './web';

export { CatalogueTool, catalogueTool, type CatalogueToolSpec, type ParamSpec } from './catalogue-tool';
export { codeQualityTools, databaseTools, dockerTools, fileTools, gitTools, projectTools, searchTools, shellTools, webTools };

/**
 * A realistic coding-agent tool set (files, search, git, shell, web, docker,
 * databases, tests, refactoring, packages), as a tool author would declare it.
 * A few tools declare no metadata, to show the generated one.
 */
export const catalogueTools: readonly CatalogueTool[] = [
  ...fileTools,
  ...searchTools,
  ...gitTools,
  ...shellTools,
  ...webTools,
  ...dockerTools,
  ...databaseTools,
  ...codeQualityTools,
  ...projectTools,
];

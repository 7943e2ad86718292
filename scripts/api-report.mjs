#!/usr/bin/env node
// The public API of every published package, as API Extractor reports it
// (`api/<package>.api.md`, checked in). `pnpm run api` rewrites the reports
// after a deliberate change of a package's surface; `pnpm run api:check`
// (part of `pnpm test`, so CI runs it) fails when a built package's surface
// differs from its report, so every change of the surface shows in review.
// Each package's root entry is reported (`api/<package>.api.md`), and its
// `./framework` entry when it has one (`api/<package>-framework.api.md`:
// public API for code that builds on victor-tools). `./internal` subpaths
// are plumbing between the victor-tools packages, not public API.
// Run after `pnpm build`: the reports are made from dist/*.d.ts.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { ROOT, publicPackages } from './lib/packages.mjs';

const root = ROOT;
const check = process.argv.includes('--check');
const reportFolder = path.join(root, 'api');
mkdirSync(reportFolder, { recursive: true });

let failed = 0;
const entries = publicPackages().flatMap((pkg) => {
  const short = pkg.name.replace(/^@victor-tools\//, '');
  const main = { pkg, file: 'index.d.ts', reportName: `${short}.api.md` };
  return pkg.manifest.exports?.['./framework'] ? [main, { pkg, file: 'framework.d.ts', reportName: `${short}-framework.api.md` }] : [main];
});
for (const { pkg, file, reportName } of entries) {
  const projectFolder = pkg.dir;
  const entry = path.join(projectFolder, 'dist', file);
  if (!existsSync(entry)) {
    console.error(`${pkg.name}: ${path.relative(root, entry)} is missing: run pnpm build first`);
    failed++;
    continue;
  }
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder,
      mainEntryPointFilePath: entry,
      compiler: { tsconfigFilePath: path.join(projectFolder, 'tsconfig.build.json') },
      apiReport: { enabled: true, reportFileName: reportName, reportFolder, reportTempFolder: path.join(projectFolder, 'dist', '.api', path.basename(file, '.d.ts')) },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        // The report is the point; missing release tags and TSDoc style are not.
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': { logLevel: 'none' },
          'ae-undocumented': { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
        compilerMessageReporting: { default: { logLevel: 'warning' } },
      },
    },
    configObjectFullPath: path.join(projectFolder, 'api-extractor.json'),
    packageJsonFullPath: path.join(projectFolder, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: !check, showVerboseMessages: false, messageCallback: quiet });
  const report = path.relative(root, path.join(reportFolder, reportName));
  if (check && result.apiReportChanged) {
    console.error(`${pkg.name}: the public API differs from ${report}. If the change is intended, run \`pnpm run api\` and commit the report.`);
    failed++;
  } else if (!result.succeeded) {
    console.error(`${pkg.name} (${file}): API Extractor reported ${result.errorCount} error(s)`);
    failed++;
  } else {
    console.log(`${pkg.name}: ${report} ${result.apiReportChanged ? 'updated' : 'unchanged'}`);
  }
}
process.exit(failed === 0 ? 0 : 1);

/** API Extractor's own console lines, except the chatty ones: warnings and errors are printed. */
function quiet(message) {
  if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true;
}


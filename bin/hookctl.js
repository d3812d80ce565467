#!/usr/bin/env node
// The CLI runs from the compiled dist/. A source checkout builds it with `npm ci` (prepare) or
// `npm run build`; a release commit and the published package ship it (scripts/release.mjs).
let main;
try {
  ({ main } = await import('../dist/src/cli/main.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/src/cli/main.js')) throw error;
  process.stderr.write(
    'hookctl: dist/ is missing, so this is a source checkout that was never built: run `npm ci` or `npm run build` in it.\n' +
      'hookctl: as a pre-commit hook or GitHub Action, pin a release tag (rev: v<version>), not a source commit.\n',
  );
  process.exit(2);
}
process.exitCode = await main(process.argv);

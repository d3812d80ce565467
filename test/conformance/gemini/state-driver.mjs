// Runs the parts of Gemini CLI's own code (@google/gemini-cli-core) that decide a hook's per-user
// state, for state.test.ts: the environment HookRunner gives a hook (sanitizeEnvironment and the
// Storage that computes GEMINI_PLANS_DIR) and the project hooks TrustedHooksManager calls new.
// Started inside a loopback-only network namespace where one can be made.
// argv: <mode> <request.json> <result.json>
//   env:       request { cases: [{ env, sessionId, project, settings, command, hookEnv }] } → []
//   untrusted: request { project, projectHooks } → the names Gemini would announce
//   trust:     request { project, projectHooks } → records them as Gemini does after announcing
import { readFileSync, writeFileSync } from 'node:fs';

const core = new URL('../../../node_modules/@google/gemini-cli-core/dist/src/', import.meta.url);
const [mode, requestFile, resultFile] = process.argv.slice(2);
const request = JSON.parse(readFileSync(requestFile, 'utf8'));

if (mode === 'untrusted') {
  // Storage reads GEMINI_CLI_HOME (else the OS home) when the manager is made: the caller's env.
  const { TrustedHooksManager } = await import(new URL('hooks/trustedHooks.js', core).href);
  const untrusted = new TrustedHooksManager().getUntrustedHooks(request.project, request.projectHooks);
  writeFileSync(resultFile, JSON.stringify(untrusted));
} else if (mode === 'trust') {
  const { TrustedHooksManager } = await import(new URL('hooks/trustedHooks.js', core).href);
  new TrustedHooksManager().trustHooks(request.project, request.projectHooks);
  writeFileSync(resultFile, '[]');
} else if (mode === 'env') {
  const { HookRunner } = await import(new URL('hooks/hookRunner.js', core).href);
  const { Storage } = await import(new URL('config/storage.js', core).href);
  // One case at a time: sanitizeEnvironment and Storage read process.env, which each case sets.
  for (const testCase of request.cases) {
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, testCase.env);
    const redaction = testCase.settings.security?.environmentVariableRedaction;
    const storage = new Storage(testCase.project, testCase.sessionId);
    // config.ts: planSettings from general.plan; an invalid custom dir falls back to the default.
    storage.setCustomPlansDir(testCase.settings.general?.plan?.directory);
    await storage.initialize();
    try {
      storage.getPlansDir();
    } catch {
      storage.setCustomPlansDir(undefined);
    }
    // cli config.ts loadCliConfig: the sanitisation config from security.environmentVariableRedaction.
    const config = {
      isTrustedFolder: () => true,
      getProjectRoot: () => testCase.project,
      sanitizationConfig: {
        enableEnvironmentVariableRedaction: redaction?.enabled,
        allowedEnvironmentVariables: redaction?.allowed,
        blockedEnvironmentVariables: redaction?.blocked,
      },
      storage,
    };
    const runner = new HookRunner(config);
    const hook = { type: 'command', command: testCase.command, ...(testCase.hookEnv ? { env: testCase.hookEnv } : {}) };
    await runner.executeHook(hook, 'SessionStart', {
      session_id: testCase.sessionId,
      cwd: testCase.project,
      hook_event_name: 'SessionStart',
      transcript_path: '',
      timestamp: new Date().toISOString(),
      source: 'startup',
    });
  }
  writeFileSync(resultFile, '[]');
} else {
  throw new Error(`unknown mode ${mode}`);
}

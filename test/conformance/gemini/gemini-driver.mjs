// Runs each case's hooks through Gemini CLI's own hook code (@google/gemini-cli-core: HookRegistry,
// HookPlanner, HookRunner, HookAggregator) and prints what Gemini's callers would read from the result.
// Started by differential.test.ts inside a loopback-only network namespace where one can be made.
// argv: <cases.json> <results.json>; writes one JSON array of results there (Gemini's debug logger writes to stdout).
import { readFileSync, writeFileSync } from 'node:fs';

const core = new URL('../../../node_modules/@google/gemini-cli-core/dist/src/hooks/', import.meta.url);
const { HookRegistry } = await import(new URL('hookRegistry.js', core).href);
const { HookPlanner } = await import(new URL('hookPlanner.js', core).href);
const { HookRunner } = await import(new URL('hookRunner.js', core).href);
const { HookAggregator } = await import(new URL('hookAggregator.js', core).href);

const [casesFile, resultsFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const TRIGGER_FIELD = { SessionStart: 'source', SessionEnd: 'reason', PreCompress: 'trigger' };

/** The parts of Gemini's Config the hook modules read; a trusted folder, no redaction, no extensions. */
function fakeConfig(hooks) {
  return {
    isTrustedFolder: () => true,
    getHooks: () => hooks,
    getProjectHooks: () => undefined,
    getExtensions: () => [],
    getDisabledHooks: () => [],
    getProjectRoot: () => process.cwd(),
    sanitizationConfig: { enableEnvironmentVariableRedaction: false },
    storage: { getPlansDir: () => '/nonexistent/plans' },
  };
}

async function runCase(testCase) {
  const config = fakeConfig(structuredClone(testCase.hooks));
  const registry = new HookRegistry(config);
  await registry.initialize();
  const planner = new HookPlanner(registry);
  const runner = new HookRunner(config);
  const aggregator = new HookAggregator();
  const { event, payload } = testCase;
  const context =
    event === 'BeforeTool' || event === 'AfterTool'
      ? { toolName: payload.tool_name }
      : TRIGGER_FIELD[event]
        ? { trigger: payload[TRIGGER_FIELD[event]] }
        : undefined;
  const plan = planner.createExecutionPlan(event, context);
  if (!plan || plan.hookConfigs.length === 0) return { id: testCase.id, ran: 0, final: null };
  const results = plan.sequential
    ? await runner.executeHooksSequential(plan.hookConfigs, event, payload)
    : await runner.executeHooksParallel(plan.hookConfigs, event, payload);
  const { finalOutput } = aggregator.aggregateResults(results, event);
  if (!finalOutput) return { id: testCase.id, ran: results.length, final: null };
  const blocking = finalOutput.getBlockingError();
  const stop = finalOutput.shouldStopExecution();
  return {
    id: testCase.id,
    ran: results.length,
    final: {
      blocked: blocking.blocked,
      reason: blocking.blocked ? blocking.reason : typeof finalOutput.reason === 'string' ? finalOutput.reason : null,
      stop,
      stopReason: stop ? finalOutput.getEffectiveReason() : null,
      ask: finalOutput.isAskDecision(),
      context: finalOutput.getAdditionalContext() ?? null,
      updatedInput: event === 'BeforeTool' ? (finalOutput.getModifiedToolInput() ?? null) : null,
      systemMessage: finalOutput.systemMessage || null,
      toolConfig: event === 'BeforeToolSelection' ? (finalOutput.hookSpecificOutput?.toolConfig ?? null) : null,
      clearContext: finalOutput.shouldClearContext(),
    },
  };
}

// Cases are independent (their own scripts and logs): a few at a time, results in case order.
const out = new Array(cases.length);
let next = 0;
async function worker() {
  while (next < cases.length) {
    const index = next++;
    out[index] = await runCase(cases[index]);
  }
}
await Promise.all(Array.from({ length: 4 }, worker));
writeFileSync(resultsFile, JSON.stringify(out));

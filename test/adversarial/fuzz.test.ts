import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig as loadOctoConfig } from '../../src/dialects/octo/load-config.js';
import { loadConfig as loadOpenInterpreterConfig } from '../../src/dialects/openinterpreter/load-config.js';
import { ConfigLoadError, createEngine, loadDialect, type Dialect, type Finding } from '../../src/index.js';
import { loadConfigSpec } from '../../src/dialects/registry.js';
import { runLint } from '../../src/lint/run-lint.js';
import { stringifyIteratively } from '../../src/util/safe-json.js';
import { exited } from '../helpers/factories.js';
import { makeHandler } from '../helpers/factories.js';
import { octoPayload, oiPayload } from '../helpers/payloads.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { fuzzScale, fuzzSeed, mutateMany, Random, randomHooksDocument, randomValue, showInput, toToml, toYaml } from './fuzz-kit.js';

/**
 * A bounded, seeded fuzzer (SPEC 6.1.4; issue 10): the three config parsers through the real
 * loader and lint, and hook outputs through each dialect's protocol and the engine. Properties: no
 * exception escapes, engine creation never fails because of project content, every finding
 * carries a file and a line:column inside the text, a deny always wins (openinterpreter). Inputs
 * are mutations of valid seeds plus random hook-shaped structure. The seed is fixed (npm test is
 * deterministic); HOOKCTL_FUZZ_SEED replays another, HOOKCTL_FUZZ_SCALE runs longer. A failure
 * prints the seed, the case and the input.
 */

const SEED = fuzzSeed();
const SCALE = fuzzScale();

type Format = 'json' | 'toml' | 'yaml';

const CONFIG_SEEDS: Record<Format, string[]> = {
  json: [
    '{\n  "description": "team hooks",\n  "hooks": {\n    "PreToolUse": [\n' +
      '      { "matcher": "Bash|apply_patch",' +
      ' "hooks": [{ "type": "command", "command": "./s/guard.sh", "timeout": 5, "id": "guard" }] }\n' +
      '    ],\n' +
      '    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done", "async": true, "onFailure": "abort" }] }]\n' +
      '  }\n}\n',
    '{"hooks":{' +
      '"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"echo hi","statusMessage":"loading"}]}],' +
      '"PermissionRequest":[{"matcher":"^mcp__.*","hooks":[{"type":"prompt","command":"x"}]}]' +
      '}}',
  ],
  toml: [
    'model = "gpt"\n\n[features]\nhooks = true\n\n' +
      '[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\n' +
      'command = "python3 .openinterpreter/hooks/gate.py"\ntimeout = 30\nid = "gate"\n',
    'allow_managed_hooks_only = true\n[hooks]\nmanaged_dir = "/etc/x"\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\n' +
      'command = """\necho \'multi\'\n"""\n[hooks.state.x]\ny = 1\n',
  ],
  yaml: [
    'hooks:\n  PreToolUse:\n    - matcher: "terminal"\n      command: "./scripts/guard.sh"\n      timeout: 5s\n' +
      '  Stop:\n    - command: "./scripts/notify.sh"\n      async: true\n',
    'base: &b\n  command: echo hi\n  timeout: 1m30s\nhooks:\n  SessionStart:\n    - <<: *b\n' +
      '  PostToolUse:\n    - matcher: "(?i)edit"\n      command: |\n        cat >/dev/null\n        echo done\n',
  ],
};

/** Where a fuzzed file of each format is put; the second place of each exercises another layer's policy. */
const PLACES: Record<Format, { dialect: 'openinterpreter' | 'octo'; path: string; mayBeFatal: boolean }[]> = {
  json: [{ dialect: 'openinterpreter', path: 'project/.openinterpreter/hooks.json', mayBeFatal: false }],
  toml: [
    { dialect: 'openinterpreter', path: 'project/.openinterpreter/config.toml', mayBeFatal: false },
    { dialect: 'openinterpreter', path: 'etc/requirements.toml', mayBeFatal: false },
  ],
  yaml: [
    { dialect: 'octo', path: 'project/.octo/hooks.yml', mayBeFatal: false },
    // The user's own file always runs, so its hard errors are fatal: a ConfigLoadError, nothing else.
    { dialect: 'octo', path: 'home/.octo/hooks.yml', mayBeFatal: true },
  ],
};

function configCase(random: Random, format: Format): string {
  if (random.chance(0.6)) return mutateMany(random, random.pick(CONFIG_SEEDS[format]));
  const document = randomHooksDocument(random, format === 'yaml' ? 'flat' : 'groups');
  const text =
    format === 'json' ? JSON.stringify(document, null, random.pick([0, 2])) : format === 'toml' ? toToml(document) : toYaml(document);
  return random.chance(0.3) ? mutateMany(random, text) : text;
}

/** A finding names a real file and a line:column that exists in that file's text. */
function positionProblem(finding: Finding, texts: ReadonlyMap<string, string>): string | null {
  const text = texts.get(finding.file);
  if (text === undefined) return `finding names an unexpected file ${finding.file}`;
  if (!Number.isInteger(finding.line) || !Number.isInteger(finding.column) || finding.line < 1 || finding.column < 1) {
    return `finding has no valid position: ${finding.line}:${finding.column}`;
  }
  const lines = text.split(/\r\n|\n|\r/);
  if (finding.line > lines.length) return `line ${finding.line} is past the end (${lines.length} lines)`;
  if (finding.column > lines[finding.line - 1]!.length + 1) return `column ${finding.column} is past the end of line ${finding.line}`;
  if (finding.message.includes('\n')) return `the message is not one line: ${JSON.stringify(finding.message)}`;
  return null;
}

describe(`fuzz: config parsers through the real loader, lint and engine (seed ${SEED})`, () => {
  for (const format of ['json', 'toml', 'yaml'] as const) {
    it(`${format}: ${Math.round(500 * SCALE)} cases, no exception, engine always created, every finding positioned`, async () => {
      const random = new Random(SEED ^ format.charCodeAt(0));
      const sandbox = makeTempProject();
      const context = {
        cwd: sandbox.project,
        home: sandbox.home,
        env: {},
        managedConfigPath: join(sandbox.root, 'etc', 'requirements.toml'),
      };
      const load = format === 'yaml' ? loadOctoConfig : loadOpenInterpreterConfig;
      for (let index = 0; index < Math.round(500 * SCALE); index++) {
        const text = configCase(random, format);
        const place = random.pick(PLACES[format]);
        const path = join(sandbox.root, place.path);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
        const replay = `(replay: HOOKCTL_FUZZ_SEED=${SEED})`;
        const where = `seed ${SEED}, ${format} case ${index} in ${place.path} ${replay}; input ${showInput(text)}`;
        const texts = new Map([[path, text]]);
        try {
          const { findings } = await runLint({ spec: await loadConfigSpec(place.dialect), context });
          for (const finding of findings) expect(positionProblem(finding, texts), `${where}; lint ${JSON.stringify(finding)}`).toBeNull();
          const loaded = await load(context);
          for (const finding of loaded.findings)
            expect(positionProblem(finding, texts), `${where}; load ${JSON.stringify(finding)}`).toBeNull();
          // Every fifth case builds a whole engine (trust store, selectors) on top.
          if (index % 5 === 0) {
            const engine = await createEngine({ dialect: place.dialect, ...context }).catch((error: unknown) => {
              if (place.mayBeFatal && error instanceof ConfigLoadError) return null;
              throw error;
            });
            await engine?.close();
          }
        } catch (error) {
          throw new Error(`${where}\n  threw ${(error as Error).stack ?? String(error)}`);
        }
        rmSync(path, { force: true, recursive: true });
      }
    });
  }
});

/** Valid outputs per dialect, the seeds of the output mutations. */
const OUTPUT_SEEDS: Record<string, string[]> = {
  openinterpreter: [
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}',
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"ls -la"}},' +
      '"systemMessage":"rewrote"}',
    '{"decision":"block","reason":"feedback"}',
    '{"continue":false,"stopReason":"halt","suppressOutput":true}',
    '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"m","interrupt":true}}}',
    '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ctx"},"systemMessage":null}',
    'plain text context\n',
  ],
  octo: ['{"decision":"approve","reason":"ok"}', '{"decision":"block","reason":"no"}', '{"additional_context":"ctx"}', 'plain text\n'],
};

function outputCase(random: Random, dialect: string): string {
  const roll = random.next();
  if (roll < 0.6) return mutateMany(random, random.pick(OUTPUT_SEEDS[dialect]!));
  if (roll < 0.9) return JSON.stringify(randomOutputObject(random));
  return random.pick(['', '\n', '{', '[]', 'null', '"x"', '{}'.repeat(3), '\u0000', `${'['.repeat(5000)}${']'.repeat(5000)}`]);
}

function randomOutputObject(random: Random): Record<string, unknown> {
  const keys = [
    'continue',
    'stopReason',
    'suppressOutput',
    'systemMessage',
    'decision',
    'reason',
    'hookSpecificOutput',
    'additional_context',
  ];
  const inner = ['hookEventName', 'permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext', 'decision'];
  const values = ['deny', 'allow', 'ask', 'approve', 'block', 'PreToolUse', 'Stop', '', ' ', null, true, false, 0, {}];
  const object: Record<string, unknown> = {};
  for (let i = 0, n = 1 + random.int(4); i < n; i++) {
    const key = random.pick(keys);
    if (key === 'hookSpecificOutput') {
      const hso: Record<string, unknown> = {};
      for (let j = 0, m = random.int(4); j < m; j++)
        hso[random.pick(inner)] = random.chance(0.7) ? random.pick(values) : randomValue(random, 2);
      object[key] = hso;
    } else object[key] = random.chance(0.7) ? random.pick(values) : randomValue(random, 2);
  }
  return object;
}

const DECISIONS = new Set([null, 'allow', 'deny', 'ask']);
const STATUSES = new Set(['completed', 'blocked', 'failed', 'timed_out', 'stopped']);

describe(`fuzz: hook outputs through the protocol and the engine (seed ${SEED})`, () => {
  const resultCount = Math.round(1500 * SCALE);
  for (const dialectId of ['openinterpreter', 'octo'] as const) {
    it(`${dialectId}: ${resultCount} results interpreted and aggregated without an exception; a deny always wins`, async () => {
      const dialect = await loadDialect(dialectId);
      const random = new Random(SEED ^ dialectId.length);
      // Long outputs spill to <tmpdir>/hook_outputs (SPEC 2.5, Codex output_spill.rs): keep them in the sandbox.
      const previousTmp = process.env.TMPDIR;
      process.env.TMPDIR = makeTempProject().root;
      onTestFinished(() => {
        if (previousTmp === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = previousTmp;
      });
      for (let index = 0; index < resultCount; index++) {
        const event = random.pick(dialect.events).name;
        const results = Array.from({ length: 1 + random.int(3) }, () => {
          const exitCode = random.pick([0, 0, 0, 2, 2, 1, 127]);
          return exited(exitCode, {
            stdout: outputCase(random, dialectId),
            stderr: random.pick(['', ' ', 'reason', '\u202Ereason\x1b[2K', 'x'.repeat(2000)]),
          });
        });
        const where = `seed ${SEED}, ${dialectId} output case ${index} (${event}); results ${showInput(JSON.stringify(results))}`;
        try {
          const interpreted = results.map((result, position) => {
            const handler = makeHandler({
              dialect: dialectId,
              event,
              id: `h${position}`,
              onFailure: random.chance(0.2) ? 'abort' : 'continue',
            });
            const interpretation = dialect.protocol.interpret(event, handler, result);
            expect(STATUSES.has(interpretation.status), where).toBe(true);
            if (interpretation.status === 'failed') expect(interpretation.error, where).toEqual(expect.any(String));
            return { handler, interpretation, finished: position };
          });
          const effect = dialect.protocol.aggregate(event, interpreted, {
            rewriteOrder: random.pick(['completion', 'configured'] as const),
            payload: { session_id: 'hookctl-fuzz' },
          });
          expect(DECISIONS.has(effect.decision), where).toBe(true);
          expect(typeof effect.blocked, where).toBe('boolean');
          expect(
            effect.systemMessages.every((message) => typeof message === 'string'),
            where,
          ).toBe(true);
          if (dialectId === 'openinterpreter' && (event === 'PreToolUse' || event === 'PermissionRequest')) {
            const denied = interpreted.some(({ interpretation }) => interpretation.effect.decision === 'deny');
            if (denied) expect(effect.decision, `${where}: a deny must win`).toBe('deny');
          }
          if (event === 'PreToolUse' && results[0]!.exitCode === 2 && results[0]!.stderr.trim() !== '' && dialectId === 'octo') {
            expect(effect.decision, `${where}: exit 2 blocks`).toBe('deny');
          }
          // Whatever a hook printed, the CLI can print the outcome.
          stringifyIteratively(effect);
        } catch (error) {
          throw new Error(`${where}\n  ${(error as Error).stack ?? String(error)}`);
        }
      }
    });

    it(`${dialectId}: ${Math.round(150 * SCALE)} in-process outputs through engine.dispatch`, async () => {
      const random = new Random(SEED ^ (dialectId.length * 7919));
      const sandbox = makeTempProject();
      const engine = await createEngine({
        dialect: dialectId,
        cwd: sandbox.project,
        home: sandbox.home,
        env: {},
        managedConfigPath: join(sandbox.root, 'none.toml'),
      });
      const dialect: Dialect = await loadDialect(dialectId);
      const events = dialect.events.filter((spec) => spec.inProcessAllowed).map((spec) => spec.name);
      const outputs = new Map<string, string>();
      for (const event of events) engine.registerInProcess(event as never, () => outputs.get(event) ?? '');
      try {
        for (let index = 0; index < Math.round(150 * SCALE); index++) {
          const event = random.pick(events);
          const stdout = outputCase(random, dialectId);
          outputs.set(event, stdout);
          const payload = dialectId === 'openinterpreter' ? oiPayload(event, sandbox.project) : octoPayload(event, sandbox.project);
          const where = `seed ${SEED}, ${dialectId} engine case ${index} (${event}); stdout ${showInput(stdout)}`;
          const outcome = await engine.dispatch(event as never, payload as never).catch((error: unknown) => {
            throw new Error(`${where}\n  ${(error as Error).stack ?? String(error)}`);
          });
          expect(outcome.runs.length, where).toBeGreaterThan(0);
          expect(STATUSES.has(outcome.runs[0]!.status), where).toBe(true);
          expect(DECISIONS.has(outcome.decision), where).toBe(true);
        }
      } finally {
        await engine.close();
      }
    });
  }
});

describe(`fuzz: the iterative JSON serialiser writes what JSON.stringify writes (seed ${SEED})`, () => {
  it(`${Math.round(1000 * SCALE)} random values, compact and indented`, () => {
    const random = new Random(SEED ^ 0x15);
    const extras = [
      undefined,
      () => 1,
      Symbol('s'),
      Number.NaN,
      Infinity,
      -0,
      new Date(0),
      new Number(3),
      new String('s'),
      new Boolean(false),
      { toJSON: () => 'custom' },
      [undefined, () => 1],
    ];
    const build = (depth: number): unknown => {
      if (depth > 4 || random.chance(0.3)) return random.chance(0.3) ? random.pick(extras) : randomValue(random, 4);
      if (random.chance(0.5)) return Array.from({ length: random.int(4) }, () => build(depth + 1));
      return Object.fromEntries(Array.from({ length: random.int(4) }, () => [random.pick(['a', 'b', '/~', 'é', '']), build(depth + 1)]));
    };
    for (let index = 0; index < Math.round(1000 * SCALE); index++) {
      const value = build(0);
      const indent = random.pick([0, 2]);
      expect(stringifyIteratively(value, indent), `seed ${SEED}, serialiser case ${index}`).toBe(JSON.stringify(value, null, indent));
    }
  });
});

/**
 * The agent release each dialect's verdicts are proven against (its pinned devDependency, on which the
 * parity tests and the real-agent suites pass), and the release that added each feature hookctl knows
 * of it. `hookctl --version`, dry-run and the "installed agent differs" notes read this; the lint rule
 * agent-version-since reads `since`. Data only, so `--version` loads it without any dialect.
 *
 * `npm run agents:bump` rewrites each `version` to the new pin and adds a `since` entry for every
 * event and config key the new release adds (scripts/agent-changes.mjs); test/contracts/
 * agent-versions.test.ts holds the versions to package.json and the derived facts files, and each
 * `since` entry to a feature the dialect has.
 */
export interface ProvenAgent {
  /** The agent's name, as the dialect's manifest says it. */
  readonly agent: string;
  /** The npm package users install it from (its package.json names the version of a binary linked from it). */
  readonly package: string;
  /** The program on PATH. */
  readonly binary: string;
  /** The release hookctl is proven against. */
  readonly version: string;
  /**
   * The release that added a feature, by `event:<Name>` or `key:<handler key>`: an installed agent older
   * than that skips it. Dated from the agent's own facts (scripts/codex-facts.mjs on each release,
   * the binaries' event lists) or its release notes; a feature not listed is as old as hookctl's support.
   */
  readonly since: Readonly<Record<string, string>>;
}

export const PROVEN_AGENTS: Readonly<Record<string, ProvenAgent>> = {
  claude: {
    agent: 'Claude Code',
    package: '@anthropic-ai/claude-code',
    binary: 'claude',
    version: '2.1.332',
    since: {
      'key:onFailure': '2.1.295',
      'event:PreSkillShellCommand': '2.1.332',
    },
  },
  codex: {
    agent: 'OpenAI Codex',
    package: '@openai/codex',
    binary: 'codex',
    version: '0.171.0',
    // scripts/codex-facts.mjs run on each release around a change (test/contracts/agent-facts/codex-*.json):
    // 0.130.0 lists eight events, and each of these first appears in the release named.
    since: {
      'event:SubagentStart': '0.133.0',
      'event:SubagentStop': '0.133.0',
      'event:SessionEnd': '0.145.0',
      'event:Interrupt': '0.150.0',
      'event:PreModelRequest': '0.164.0',
      'event:PostModelRequest': '0.164.0',
    },
  },
  gemini: {
    agent: 'Gemini CLI',
    package: '@google/gemini-cli',
    binary: 'gemini',
    version: '0.61.0',
    since: {},
  },
  copilot: {
    agent: 'GitHub Copilot CLI',
    package: '@github/copilot',
    binary: 'copilot',
    version: '1.0.102',
    since: {},
  },
};

/** "OpenAI Codex 0.171.0": the agent and release a dialect's messages say hookctl's knowledge comes from. */
export function provenAgentText(dialect: string): string {
  const proven = PROVEN_AGENTS[dialect];
  if (proven === undefined) throw new Error(`no proven agent release for dialect ${dialect}`);
  return `${proven.agent} ${proven.version}`;
}

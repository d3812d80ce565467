/**
 * Claude Code's built-in tools whose `tool_input` has a schema: `schema/claude/tools/<tool>.input.json`,
 * generated type `<Tool>ToolInput` (exported from `hookctl/claude`), each taken from the Claude Agent
 * SDK's type of the same tool (`sdk-tools.d.ts`) and kept equal to it by
 * test/contracts/claude-sdk-parity.test.ts. Plain data, so fixtures and dry runs can pick a tool's schema
 * by the `tool_name` a hook sees.
 */
export interface ToolInputEntry {
  /** `$id` of the tool's input schema. */
  readonly schemaId: string;
  /** Name of the generated TypeScript type (the schema's title). */
  readonly type: string;
  /** The SDK's interface for the same input. */
  readonly sdkType: string;
}

/** Tool name (as `tool_name`, matchers and permission rules spell it) → the SDK interface of its input. */
const SDK_TYPES = {
  Agent: 'AgentInput',
  Artifact: 'ArtifactInput',
  AskUserQuestion: 'AskUserQuestionInput',
  Bash: 'BashInput',
  ClaudeDesign: 'ClaudeDesignInput',
  CronCreate: 'CronCreateInput',
  CronDelete: 'CronDeleteInput',
  CronList: 'CronListInput',
  Edit: 'FileEditInput',
  EnterPlanMode: 'EnterPlanModeInput',
  EnterWorktree: 'EnterWorktreeInput',
  ExitPlanMode: 'ExitPlanModeInput',
  ExitWorktree: 'ExitWorktreeInput',
  Glob: 'GlobInput',
  Grep: 'GrepInput',
  ListMcpResourcesTool: 'ListMcpResourcesInput',
  Monitor: 'MonitorInput',
  NotebookEdit: 'NotebookEditInput',
  OfferChromeSetup: 'OfferChromeSetupInput',
  Projects: 'ProjectsInput',
  propose_skills: 'ProposeSkillsInput',
  PushNotification: 'PushNotificationInput',
  Read: 'FileReadInput',
  ReadMcpResourceDirTool: 'ReadMcpResourceDirInput',
  ReadMcpResourceTool: 'ReadMcpResourceInput',
  ReadNotifications: 'ReadNotificationsInput',
  RemoteTrigger: 'RemoteTriggerInput',
  ReportFindings: 'ReportFindingsInput',
  ScheduleWakeup: 'ScheduleWakeupInput',
  SendFeedback: 'SendFeedbackInput',
  ShowOnboardingRolePicker: 'ShowOnboardingRolePickerInput',
  TaskCreate: 'TaskCreateInput',
  TaskGet: 'TaskGetInput',
  TaskList: 'TaskListInput',
  TaskStop: 'TaskStopInput',
  TaskUpdate: 'TaskUpdateInput',
  TodoWrite: 'TodoWriteInput',
  WebFetch: 'WebFetchInput',
  WebSearch: 'WebSearchInput',
  Workflow: 'WorkflowInput',
  Write: 'FileWriteInput',
} as const;

export type ClaudeToolName = keyof typeof SDK_TYPES;

/** `ListMcpResourcesTool` → `list-mcp-resources-tool`, `propose_skills` → `propose-skills`: the schema's file stem. */
export function toolFileStem(tool: string): string {
  return tool
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/** `propose_skills` → `ProposeSkillsToolInput`. */
function typeName(tool: string): string {
  return `${tool
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}ToolInput`;
}

export const CLAUDE_TOOL_INPUTS: Readonly<Record<ClaudeToolName, ToolInputEntry>> = Object.fromEntries(
  Object.entries(SDK_TYPES).map(([tool, sdkType]) => [
    tool,
    { schemaId: `https://unpkg.com/hookctl/schema/claude/tools/${toolFileStem(tool)}.input.json`, type: typeName(tool), sdkType },
  ]),
) as Record<ClaudeToolName, ToolInputEntry>;

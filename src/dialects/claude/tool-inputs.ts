/** A built-in tool's input contract: its schema, its generated type and the SDK type it mirrors. */
export interface ToolInputEntry {
  readonly schemaId: string;
  readonly type: string;
  readonly sdkType: string;
}

export const CLAUDE_TOOL_INPUTS: Readonly<Record<string, ToolInputEntry>> = {};

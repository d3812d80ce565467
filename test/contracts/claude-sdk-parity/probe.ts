// The probe project the parity test opens with the TypeScript API (shapes.ts): each namespace import
// below is read by name. Nothing imports this file at run time.
import type * as sdk from '@anthropic-ai/claude-agent-sdk';
import type * as tools from '@anthropic-ai/claude-agent-sdk/sdk-tools';
import type * as ours from '../../../generated/claude/types.js';

export type Probe = [sdk.HookEvent, tools.BashInput, ours.EventName];

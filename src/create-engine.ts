import { loadDialect, type DialectId, type DialectInputs } from './dialects/registry.js';
import { openEngine, type Engine, type EngineSettings, type HookEngine } from './engine/engine.js';
import type { Dialect } from './kit/index.js';

export interface EngineOptions extends EngineSettings {
  /** A dialect id (the engine is then typed per event), or a Dialect object of your own. */
  dialect: DialectId | Dialect;
}

/**
 * The engine an agent embeds: loads every config layer, decides trust and compiles matchers.
 * `createEngine({ dialect: 'octo' })` types `dispatch` per event from the generated contracts.
 */
export function createEngine<D extends DialectId>(options: EngineOptions & { dialect: D }): Promise<Engine<DialectInputs[D]>>;
export function createEngine(options: EngineOptions): Promise<Engine>;
export async function createEngine(options: EngineOptions): Promise<HookEngine> {
  const { dialect, ...settings } = options;
  return openEngine(typeof dialect === 'string' ? await loadDialect(dialect) : dialect, settings);
}

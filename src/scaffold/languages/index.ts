import type { LanguageId } from '../language-ids.js';
import type { Language } from '../model.js';
import { javascript } from './js.js';
import { python } from './py.js';
import { shell } from './sh.js';
import { typescript } from './ts.js';

/** Every scaffold language by its `--lang` id; `js` is the default. */
export const LANGUAGES = { js: javascript, ts: typescript, py: python, sh: shell } as const satisfies Record<LanguageId, Language>;

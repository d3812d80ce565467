import { inputValidators, outputValidators } from '../../../generated/codex/validators.js';
import { createContracts } from '../../contracts/create-contracts.js';
import type { Contracts } from '../../kit/index.js';

/** Validates codex hook payloads and outputs with the precompiled validators from schema/codex/. */
export const contracts: Contracts = createContracts({ dialect: 'codex', inputValidators, outputValidators });

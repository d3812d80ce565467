import { inputValidators, outputValidators } from '../../../generated/claude/validators.js';
import { createContracts } from '../../contracts/create-contracts.js';
import type { Contracts } from '../../kit/index.js';

/** Validates claude hook payloads and outputs with the precompiled validators from schema/claude/. */
export const contracts: Contracts = createContracts({ dialect: 'claude', inputValidators, outputValidators });

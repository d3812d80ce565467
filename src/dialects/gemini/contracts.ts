import { inputValidators, outputValidators } from '../../../generated/gemini/validators.js';
import { createContracts } from '../../contracts/create-contracts.js';
import type { Contracts } from '../../kit/index.js';

/** Validates gemini hook payloads and outputs with the precompiled validators from schema/gemini/. */
export const contracts: Contracts = createContracts({ dialect: 'gemini', inputValidators, outputValidators });

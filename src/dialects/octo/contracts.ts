import { inputValidators, outputValidators } from '../../../generated/octo/validators.js';
import { createContracts } from '../../contracts/create-contracts.js';
import type { Contracts } from '../../kit/index.js';

/** Validates octo hook payloads and outputs with the precompiled validators from schema/octo/. */
export const contracts: Contracts = createContracts({ dialect: 'octo', inputValidators, outputValidators });

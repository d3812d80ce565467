import { inputValidators, outputValidators } from '../../../generated/openinterpreter/validators.js';
import { createContracts } from '../../contracts/create-contracts.js';
import type { Contracts } from '../../kit/index.js';

/** Validates openinterpreter hook payloads and outputs with the precompiled validators from schema/openinterpreter/. */
export const contracts: Contracts = createContracts({ dialect: 'openinterpreter', inputValidators, outputValidators });

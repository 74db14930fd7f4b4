/** The reseller API tests' names for the shared test kits. */
export { apiReseller, type ApiReseller } from '../../../test/account-kit.ts';
export { apiCall as v2 } from '../../../test/api-kit.ts';
export { settleLabels } from '../../../test/order-kit.ts';

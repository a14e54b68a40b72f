import { deletePayeeBody, deletePayeeData, openBankList, payeeList, savePayeeBody, savePayeeData } from '../api/cash';
import { withSchemas } from './call';
import { payeeCalls } from './calls/payees';

export const payeeContract = withSchemas(payeeCalls, {
  banks: { answer: openBankList },
  list: { answer: payeeList },
  save: { body: savePayeeBody, answer: savePayeeData },
  delete: { body: deletePayeeBody, answer: deletePayeeData },
});

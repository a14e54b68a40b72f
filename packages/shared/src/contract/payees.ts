import { Code } from '../codes';
import { deletePayeeBody, deletePayeeData, openBankList, payeeList, savePayeeBody, savePayeeData } from '../api/payees';
import { withSchemas } from './call';
import { payeeCalls } from './calls/payees';

export const payeeContract = withSchemas(payeeCalls, {
  banks: { answer: openBankList },
  list: { answer: payeeList },
  save: {
    body: savePayeeBody,
    answer: savePayeeData,
    codes: [Code.NotFound, Code.PayeeChannelMismatch, Code.RealNameRequired, Code.WechatNotLinked],
  },
  delete: { body: deletePayeeBody, answer: deletePayeeData, codes: [Code.NotFound, Code.PayeeInUse] },
});
